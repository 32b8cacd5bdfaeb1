import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import ar from '#web/i18n/ar.json';
import en from '#web/i18n/en.json';
import { formatDate, formatRelativeTime, relativeTimeParts } from './time.ts';

const now = new Date('2025-03-20T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const S = 1_000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('relative time thresholds (spec: over 10 days → date; over 1 day → Nd; then Nh, Nm, Ns)', () => {
  it.each([
    [0, { kind: 'relative', unit: 'second', count: 0 }],
    [59 * S, { kind: 'relative', unit: 'second', count: 59 }],
    [M, { kind: 'relative', unit: 'minute', count: 1 }],
    [59 * M + 59 * S, { kind: 'relative', unit: 'minute', count: 59 }],
    [H, { kind: 'relative', unit: 'hour', count: 1 }],
    [D, { kind: 'relative', unit: 'hour', count: 24 }],
    [D + S, { kind: 'relative', unit: 'day', count: 1 }],
    [3 * D + 5 * H, { kind: 'relative', unit: 'day', count: 3 }],
    [10 * D, { kind: 'relative', unit: 'day', count: 10 }],
    [10 * D + S, { kind: 'date' }],
    [400 * D, { kind: 'date' }],
  ])('%i ms ago', (elapsed, expected) => {
    expect(relativeTimeParts(ago(elapsed), now)).toEqual(expected);
  });

  it('treats a time in the future (a clock ahead) as now', () => {
    expect(relativeTimeParts(new Date(now.getTime() + 5 * M), now)).toEqual({
      kind: 'relative',
      unit: 'second',
      count: 0,
    });
  });

  it('accepts ISO strings, as the API sends them', () => {
    expect(relativeTimeParts('2025-03-20T09:00:00Z', now)).toEqual({
      kind: 'relative',
      unit: 'hour',
      count: 3,
    });
  });
});

describe('relative time wording', () => {
  const i18n = i18next.createInstance();
  beforeAll(async () => {
    await i18n.init({
      resources: { en: { translation: en }, ar: { translation: ar } },
      lng: 'en',
      interpolation: { escapeValue: false },
    });
  });

  it('is compact in English', () => {
    const t = i18n.getFixedT('en');
    expect(formatRelativeTime(ago(3 * D + H), 'en', t, now)).toBe('3d');
    expect(formatRelativeTime(ago(5 * H), 'en', t, now)).toBe('5h');
    expect(formatRelativeTime(ago(2 * M), 'en', t, now)).toBe('2m');
    expect(formatRelativeTime(ago(40 * S), 'en', t, now)).toBe('40s');
  });

  it('is natural Arabic, with Arabic plural forms', () => {
    const t = i18n.getFixedT('ar');
    expect(formatRelativeTime(ago(3 * D + H), 'ar', t, now)).toBe('منذ 3 أيام');
    expect(formatRelativeTime(ago(2 * D + H), 'ar', t, now)).toBe('منذ يومين');
    expect(formatRelativeTime(ago(H), 'ar', t, now)).toBe('منذ ساعة');
    expect(formatRelativeTime(ago(11 * M), 'ar', t, now)).toBe('منذ 11 دقيقة');
    expect(formatRelativeTime(ago(0), 'ar', t, now)).toBe('الآن');
  });

  it('gives the full date beyond ten days, in the interface language', () => {
    const date = ago(30 * D);
    expect(formatRelativeTime(date, 'en', i18n.getFixedT('en'), now)).toBe('February 18, 2025');
    expect(formatRelativeTime(date, 'ar', i18n.getFixedT('ar'), now)).toBe(formatDate(date, 'ar'));
    expect(formatDate(date, 'ar')).toMatch(/فبراير/);
    expect(formatDate(date, 'ar')).toMatch(/2025/);
  });
});
