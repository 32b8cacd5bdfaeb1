// The median the benchmarks report (of runs, rounds or batches): the middle value, or the mean of
// the two middle ones; values that are not numbers (a figure a run could not read) are left out.
// And the percentiles of a run's latencies.

/**
 * @param {readonly unknown[]} values
 * @returns {number | null} null when there is no number among them
 */
export function median(values) {
  const sorted = values.filter((v) => typeof v === 'number').sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * The nearest-rank percentile `q` (0.9 for p90) of `sorted` (ascending); 0 when it is empty.
 * @param {readonly number[]} sorted @param {number} q
 */
export const percentile = (sorted, q) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] : 0;
