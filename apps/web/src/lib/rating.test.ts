import { describe, expect, it } from 'vitest';
import { formatRating, starFills } from './rating.ts';

describe('ratings', () => {
  it('are written with one decimal in Western digits', () => {
    expect(formatRating(4)).toBe('4.0');
    expect(formatRating(0)).toBe('0.0');
    expect(formatRating(4.25)).toBe('4.3');
    expect(formatRating(1.15)).toBe('1.2');
    expect(formatRating(10 / 3)).toBe('3.3');
    expect(formatRating(4.95)).toBe('5.0');
  });

  it('round every average of up to 120 ratings as Intl.NumberFormat does, in both languages', () => {
    const intl = ['en', 'ar'].map(
      (language) =>
        new Intl.NumberFormat(`${language}-u-nu-latn`, {
          minimumFractionDigits: 1,
          maximumFractionDigits: 1,
        }),
    );
    for (let count = 1; count <= 120; count++) {
      for (let sum = count; sum <= 5 * count; sum++) {
        const average = sum / count;
        for (const format of intl) expect(formatRating(average)).toBe(format.format(average));
      }
    }
  });

  it('are drawn to the nearest half star', () => {
    expect(starFills(4)).toEqual(['full', 'full', 'full', 'full', 'empty']);
    expect(starFills(3.5)).toEqual(['full', 'full', 'full', 'half', 'empty']);
    expect(starFills(3.3)).toEqual(['full', 'full', 'full', 'half', 'empty']);
    expect(starFills(3.2)).toEqual(['full', 'full', 'full', 'empty', 'empty']);
    expect(starFills(0)).toEqual(['empty', 'empty', 'empty', 'empty', 'empty']);
    expect(starFills(7)).toEqual(['full', 'full', 'full', 'full', 'full']);
  });
});
