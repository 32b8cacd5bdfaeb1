import { describe, expect, it } from 'vitest';
import { formatDate } from '#web/lib/time.ts';
import { formatJoinDate } from './format.ts';

describe('formatJoinDate', () => {
  it('is a long US-English date in English', () => {
    expect(formatJoinDate(new Date(2026, 2, 5, 12))).toBe('March 5, 2026');
    expect(formatJoinDate(new Date(2026, 2, 5, 12), 'en')).toBe('March 5, 2026');
  });

  it('is an Arabic date in Arabic, written like the other dates of the app', () => {
    const date = new Date(2026, 10, 23, 12);
    expect(formatJoinDate(date, 'ar')).toBe('23 نوفمبر 2026');
    expect(formatJoinDate(date, 'ar')).toBe(formatDate(date, 'ar'));
  });
});
