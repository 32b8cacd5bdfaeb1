import { describe, expect, it } from 'vitest';
import { categoryTitle, formatRating } from './format.ts';

describe('library formatting', () => {
  it('formats ratings with one decimal and Western digits', () => {
    expect(formatRating(4.25, 'en')).toBe('4.3');
    expect(formatRating(4, 'en')).toBe('4.0');
    expect(formatRating(3.5, 'ar')).toMatch(/^3.5$/);
  });

  it('picks the Arabic category title in Arabic, falling back to English', () => {
    const history = { title: 'History', titleAr: 'التاريخ' };
    expect(categoryTitle(history, 'ar')).toBe('التاريخ');
    expect(categoryTitle(history, 'en')).toBe('History');
    expect(categoryTitle({ title: 'Poetry', titleAr: '' }, 'ar')).toBe('Poetry');
  });
});
