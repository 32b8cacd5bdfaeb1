import { describe, expect, it } from 'vitest';
import { progressPercent, readerPathOf } from './InProgressRow.tsx';

const book = { id: 'the-prince', categoryId: 'politics' } as Parameters<typeof readerPathOf>[0]['book'];

describe("home's compact Continue reading rows", () => {
  it('fill the progress bar by the page reached', () => {
    expect(progressPercent(1, 4)).toBe(25);
    expect(progressPercent(3, 4)).toBe(75);
    expect(progressPercent(4, 4)).toBe(100);
    expect(progressPercent(9, 4)).toBe(100);
    expect(progressPercent(1, 0)).toBe(0);
  });

  it('lead back to the reader, in the language the book was being read in', () => {
    expect(readerPathOf({ book })).toBe('/app/politics/the-prince');
    expect(readerPathOf({ book, lang: 'ar' })).toBe('/app/politics/the-prince?lang=ar');
  });
});
