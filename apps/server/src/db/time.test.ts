import { describe, expect, it } from 'vitest';
import { toIso } from './time.ts';

describe('toIso', () => {
  it('gives the same text as Date#toISOString for a Date and for any text a date can be read from', () => {
    for (const [value, expected] of [
      [new Date('2026-11-26T07:19:29.123Z'), '2026-11-26T07:19:29.123Z'],
      ['2026-11-26T07:19:29.123Z', '2026-11-26T07:19:29.123Z'],
      ['2026-11-26T07:19:29Z', '2026-11-26T07:19:29.000Z'],
      ['2026-11-26T09:19:29.123+02:00', '2026-11-26T07:19:29.123Z'],
      ['2026-11-26T07:19:29.123456Z', '2026-11-26T07:19:29.123Z'],
    ] as const) {
      expect(toIso(value), String(value)).toBe(expected);
    }
  });
});
