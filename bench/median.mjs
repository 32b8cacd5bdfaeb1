// The median the benchmarks report (of runs, rounds or batches): the middle value, or the mean of
// the two middle ones; values that are not numbers (a figure a run could not read) are left out.

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
