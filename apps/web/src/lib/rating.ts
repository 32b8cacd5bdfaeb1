/**
 * A rating with one decimal in Western digits, in both languages ("4.0", "3.5"), rounded as
 * Intl.NumberFormat rounds it (half up, on the number as written: 1.15 → "1.2"). Not with Intl:
 * a page's first number format loads ICU's number data, ~100 ms of a slow phone's main thread on
 * the landing page's first visit (docs/performance.md).
 */
export function formatRating(value: number): string {
  // `${value}e1` is ten times the value as written; `value * 10` is not (1.15 * 10 = 11.4999…).
  return (Math.round(Number(`${value}e1`)) / 10).toFixed(1);
}

/** Each of five stars as full, half or empty for an average (rounded to the nearest half). */
export function starFills(average: number): Array<'full' | 'half' | 'empty'> {
  const halves = Math.round(Math.min(5, Math.max(0, average)) * 2);
  return [0, 1, 2, 3, 4].map((i) =>
    halves >= (i + 1) * 2 ? 'full' : halves === i * 2 + 1 ? 'half' : 'empty',
  );
}
