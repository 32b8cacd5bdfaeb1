// Lighthouse slows the CPU by a multiple of the host's own speed (4× by default), so the same page
// reads a longer blocking time on a slower host: its score said as much about the machine as
// about the page. Lighthouse's docs/throttling.md ("Calibrating the CPU slowdown") asks for a
// multiplier fitted to the host's `benchmarkIndex`, taken from its CPU throttling calculator, so
// that every host stands for the same mid-tier phone (decision 031).

/** The furthest the calculator is followed: the top of the docs' range for a desktop standing for a mid-tier phone. */
const MOST = 10;

/**
 * The calculator's multiplier for a host's `benchmarkIndex`: 150 is 1×, 800 is 2×, 1300 is 3×,
 * 1533 is Lighthouse's default 4×, and each 233 above 1300 one more (at most 10×).
 * @param {number} benchmarkIndex
 */
export function cpuSlowdownFor(benchmarkIndex) {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex < 150) {
    throw new Error(
      `benchmarkIndex ${benchmarkIndex}: this host is too slow to stand for Lighthouse's phone`,
    );
  }
  if (benchmarkIndex >= 1300) return Math.min(3 + (benchmarkIndex - 1300) / 233, MOST);
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return 1 + (benchmarkIndex - 150) / 650;
}
