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
});
