import { describe, expect, it } from 'vitest';
import { formatRating, starFills } from './rating.ts';

describe('ratings', () => {
  it('are written with one decimal', () => {
    expect(formatRating(4, 'en')).toBe('4.0');
    expect(formatRating(3, 'ar')).toBe('3.0');
    expect(formatRating(0, 'en')).toBe('0.0');
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
