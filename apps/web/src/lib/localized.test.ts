import { describe, expect, it } from 'vitest';
import { bookAuthor, bookTitle, isolate, localized, tagName } from './localized.ts';

describe('localized', () => {
  const book = {
    title: 'Meditations',
    author: 'Marcus Aurelius',
    titleAr: 'التأملات',
    authorAr: 'ماركوس أوريليوس',
  };

  it('shows the Arabic title, author and tag name in the Arabic interface', () => {
    expect(bookTitle(book, 'ar')).toBe('التأملات');
    expect(bookAuthor(book, 'ar')).toBe('ماركوس أوريليوس');
    expect(tagName({ name: 'Stoicism', nameAr: 'الرواقية' }, 'ar')).toBe('الرواقية');
  });

  it('keeps the English ones in English', () => {
    expect(bookTitle(book, 'en')).toBe('Meditations');
    expect(bookAuthor(book, 'en')).toBe('Marcus Aurelius');
    expect(tagName({ name: 'Stoicism', nameAr: 'الرواقية' }, 'en')).toBe('Stoicism');
  });

  it('falls back to English when there is no Arabic one', () => {
    expect(bookTitle({ title: 'Harbour Notes', titleAr: null }, 'ar')).toBe('Harbour Notes');
    expect(tagName({ name: 'Night Walks', nameAr: null }, 'ar')).toBe('Night Walks');
    expect(localized('Kept', '   ', 'ar')).toBe('Kept');
    expect(localized('Kept', undefined, 'ar')).toBe('Kept');
  });

  it('isolates a text inside a sentence with FSI … PDI', () => {
    expect(isolate('Amira T.')).toBe('\u2068Amira T.\u2069');
  });
});
