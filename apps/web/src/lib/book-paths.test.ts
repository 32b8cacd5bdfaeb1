import { describe, expect, it } from 'vitest';
import { previewPath, readerPath } from './book-paths.ts';

const book = { id: 'the-prince', categoryId: 'politics' };

describe('book paths', () => {
  it('lead to the preview, and to the reader in the language the book was being read in', () => {
    expect(previewPath(book)).toBe('/app/politics/preview/the-prince');
    expect(readerPath(book)).toBe('/app/politics/the-prince');
    expect(readerPath(book, 'ar')).toBe('/app/politics/the-prince?lang=ar');
    expect(readerPath({ id: 'a b', categoryId: 'c/d' })).toBe('/app/c%2Fd/a%20b');
  });

  it('lead to one page of the reader in one language (a citation of MoejrAI)', () => {
    expect(readerPath(book, 'en', 4)).toBe('/app/politics/the-prince?lang=en&page=4');
    expect(readerPath(book, 'ar', 12)).toBe('/app/politics/the-prince?lang=ar&page=12');
    expect(readerPath(book, null, 2)).toBe('/app/politics/the-prince?page=2');
    // Not a page number: the reader opens where it would anyway.
    expect(readerPath(book, 'en', 0)).toBe('/app/politics/the-prince?lang=en');
    expect(readerPath(book, 'en', 1.5)).toBe('/app/politics/the-prince?lang=en');
  });
});
