import { describe, expect, it } from 'vitest';
import { readingAction } from './reading-action.ts';

const finishedAt = '2024-01-01T00:00:00.000Z';
const book = { id: 'meditations', categoryId: 'philosophy' };
const path = '/app/philosophy/meditations';

describe('the preview’s reading button', () => {
  it('starts a book never read', () => {
    expect(readingAction(book, { progress: null, finishedAt: null })).toEqual({
      kind: 'start',
      to: path,
      showFinished: false,
    });
  });

  it('continues at the saved page, in the saved language', () => {
    expect(readingAction(book, { progress: { pageNumber: 3, lang: 'ar' }, finishedAt: null })).toEqual({
      kind: 'continue',
      page: 3,
      to: `${path}?lang=ar`,
      showFinished: false,
    });
    expect(readingAction(book, { progress: { pageNumber: 3 }, finishedAt: null })).toMatchObject({
      kind: 'continue',
      to: path,
    });
  });

  it('offers to read a finished book again, and says it was finished', () => {
    expect(readingAction(book, { progress: null, finishedAt })).toEqual({
      kind: 'readAgain',
      to: path,
      showFinished: true,
    });
  });

  it('never says "finished" and "continue" together: a finished book read again continues', () => {
    for (const pageNumber of [1, 2, 4]) {
      expect(readingAction(book, { progress: { pageNumber, lang: 'en' }, finishedAt })).toEqual({
        kind: 'continue',
        page: pageNumber,
        to: `${path}?lang=en`,
        showFinished: false,
      });
    }
  });
});
