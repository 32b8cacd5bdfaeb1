const formats = new Map<string, Intl.NumberFormat>();

/** A rating with one decimal in Western digits, in both languages ("4.0", "3.5"). */
export function formatRating(value: number, language: string): string {
  // One formatter per language: making one costs far more than using it (a page shows dozens).
  let format = formats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(`${language}-u-nu-latn`, {
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    });
    formats.set(language, format);
  }
  return format.format(value);
}

/** Each of five stars as full, half or empty for an average (rounded to the nearest half). */
export function starFills(average: number): Array<'full' | 'half' | 'empty'> {
  const halves = Math.round(Math.min(5, Math.max(0, average)) * 2);
  return [0, 1, 2, 3, 4].map((i) =>
    halves >= (i + 1) * 2 ? 'full' : halves === i * 2 + 1 ? 'half' : 'empty',
  );
}
