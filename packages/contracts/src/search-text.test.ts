import { describe, expect, it } from 'vitest';
import { normalizeSearchChar, normalizeSearchText, searchTerms } from './search-text.ts';

describe('search normalisation', () => {
  it('removes Arabic diacritics and tatweel', () => {
    expect(normalizeSearchText('الحِكْمَةُ')).toBe(normalizeSearchText('الحكمة'));
    expect(normalizeSearchText('كتـــاب')).toBe('كتاب');
  });

  it('folds alef forms, alef maqsura and taa marbuta', () => {
    expect(normalizeSearchText('أإآٱ')).toBe('اااا');
    expect(normalizeSearchText('مستشفى')).toBe('مستشفي');
    expect(normalizeSearchText('مدينة')).toBe('مدينه');
  });

  it('lower-cases Latin text and drops accents', () => {
    expect(normalizeSearchText('Machiavelli RÉSUMÉ')).toBe('machiavelli resume');
  });

  it('splits a query into distinct normalised words', () => {
    expect(searchTerms('  The  ART of war, the art ')).toEqual(['the', 'art', 'of', 'war']);
    expect(searchTerms('العَصَبِيَّةُ')).toEqual(['العصبيه']);
    expect(searchTerms('!!!')).toEqual([]);
  });

  it('normalises a whole text exactly as character by character (highlighting relies on it)', () => {
    const sample =
      'Ibn Khaldūn’s «العَصَبِيَّةُ» — ΣΟΦΊΑ σοφία, Ça va? أإآٱ ى ة ؤ ئ ـ ٰ ۖ e\u0301 İstanbul 😀 ١٢٣ ABC';
    const perChar = Array.from(sample, normalizeSearchChar).join('');
    expect(normalizeSearchText(sample)).toBe(perChar);
  });
});
