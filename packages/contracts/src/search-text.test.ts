import { describe, expect, it } from 'vitest';
import {
  arabicArticleLength,
  normalizeSearchChar,
  normalizeSearchText,
  searchIndexText,
  searchTerms,
  stripArabicArticle,
} from './search-text.ts';

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
    expect(searchTerms('العَصَبِيَّةُ')).toEqual(['عصبيه']);
    expect(searchTerms('!!!')).toEqual([]);
  });

  it('normalises a whole text exactly as character by character (highlighting relies on it)', () => {
    const sample =
      'Ibn Khaldūn’s «العَصَبِيَّةُ» — ΣΟΦΊΑ σοφία, Ça va? أإآٱ ى ة ؤ ئ ـ ٰ ۖ e\u0301 İstanbul 😀 ١٢٣ ABC';
    const perChar = Array.from(sample, normalizeSearchChar).join('');
    expect(normalizeSearchText(sample)).toBe(perChar);
  });

  it('drops the Arabic definite article, alone or after و ف ب ك, and لل', () => {
    expect(stripArabicArticle('التاملات')).toBe('تاملات');
    expect(stripArabicArticle('والكتاب')).toBe('كتاب');
    expect(stripArabicArticle('فالصبر')).toBe('صبر');
    expect(stripArabicArticle('بالحكمه')).toBe('حكمه');
    expect(stripArabicArticle('كالبحر')).toBe('بحر');
    expect(stripArabicArticle('وبالعلم')).toBe('علم');
    expect(stripArabicArticle('للكتاب')).toBe('كتاب');
    expect(stripArabicArticle('تاملات')).toBe('تاملات');
    expect(arabicArticleLength('للكتاب')).toBe(2);
  });

  it('keeps the article when less than two letters would remain', () => {
    expect(stripArabicArticle('ال')).toBe('ال');
    expect(stripArabicArticle('بال')).toBe('بال');
    expect(stripArabicArticle('والي')).toBe('والي');
    expect(stripArabicArticle('لله')).toBe('لله');
    expect(stripArabicArticle('الم')).toBe('الم');
  });

  it('gives the query and the indexed text the same word, with or without the article', () => {
    expect(searchTerms('تأملات')).toEqual(searchTerms('التأملات'));
    expect(searchTerms('التأملات')).toEqual(['تاملات']);
    expect(searchTerms('بالحِكْمَةِ والكتاب للكتاب')).toEqual(['حكمه', 'كتاب']);
    expect(searchIndexText('التأملات لماركوس، والحكمة!')).toBe('تاملات لماركوس، حكمه!');
    expect(searchIndexText('The Art of War')).toBe('the art of war');
  });
});
