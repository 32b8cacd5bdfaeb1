import { describe, expect, it } from 'vitest';
import { categoryTitle } from './format.ts';

describe('library formatting', () => {
  it('picks the Arabic category title in Arabic, falling back to English', () => {
    const history = { title: 'History', titleAr: 'التاريخ' };
    expect(categoryTitle(history, 'ar')).toBe('التاريخ');
    expect(categoryTitle(history, 'en')).toBe('History');
    expect(categoryTitle({ title: 'Poetry', titleAr: '' }, 'ar')).toBe('Poetry');
  });
});
