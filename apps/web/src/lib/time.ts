// Dates and relative times, in the interface language (spec 5: over 10 days → the full date;
// over 1 day → Nd; then Nh, Nm, Ns). Digits are Western in both languages, as elsewhere in the app.

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type RelativeUnit = 'day' | 'hour' | 'minute' | 'second';
export type RelativeTime = { kind: 'date' } | { kind: 'relative'; unit: RelativeUnit; count: number };

function toDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}

/** Which form the spec asks for at this distance in time (a date in the future counts as now). */
export function relativeTimeParts(value: Date | string, now: Date = new Date()): RelativeTime {
  const elapsed = Math.max(0, now.getTime() - toDate(value).getTime());
  if (elapsed > 10 * DAY) return { kind: 'date' };
  if (elapsed > DAY) return { kind: 'relative', unit: 'day', count: Math.floor(elapsed / DAY) };
  if (elapsed >= HOUR) return { kind: 'relative', unit: 'hour', count: Math.floor(elapsed / HOUR) };
  if (elapsed >= MINUTE) return { kind: 'relative', unit: 'minute', count: Math.floor(elapsed / MINUTE) };
  return { kind: 'relative', unit: 'second', count: Math.floor(elapsed / SECOND) };
}

function locale(language: string): string {
  return `${language === 'ar' ? 'ar' : 'en'}-u-nu-latn`;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per language and style: making one costs far more than using it. */
function dateFormat(language: string, style: 'date' | 'dateTime'): Intl.DateTimeFormat {
  const key = `${locale(language)} ${style}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      locale(language),
      style === 'date'
        ? { day: 'numeric', month: 'long', year: 'numeric' }
        : { dateStyle: 'long', timeStyle: 'short' },
    );
    formats.set(key, format);
  }
  return format;
}

/** "12 March 2025" / "12 مارس 2025" — the full date, in the interface language. */
export function formatDate(value: Date | string, language: string): string {
  return dateFormat(language, 'date').format(toDate(value));
}

/** The date and time, for a tooltip next to a relative time. */
export function formatDateTime(value: Date | string, language: string): string {
  return dateFormat(language, 'dateTime').format(toDate(value));
}

type Translate = (key: string, options: { count: number }) => string;

/** "3d", "5h", "2m", "40s" (Arabic "3 ي", …), or the full date beyond ten days. */
export function formatRelativeTime(
  value: Date | string,
  language: string,
  t: Translate,
  now: Date = new Date(),
): string {
  const parts = relativeTimeParts(value, now);
  if (parts.kind === 'date') return formatDate(value, language);
  return t(`time.${parts.unit}`, { count: parts.count });
}
