import { formatDate } from '#web/lib/time.ts';

/**
 * "Joined March 5, 2026": the spec asks for a long US-English date in English. In Arabic the date
 * is Arabic, like every other date of the app ("5 مارس 2026", Western digits).
 */
export function formatJoinDate(value: string | Date, language = 'en'): string {
  const date = value instanceof Date ? value : new Date(value);
  if (language === 'ar') return formatDate(date, 'ar');
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(date);
}
