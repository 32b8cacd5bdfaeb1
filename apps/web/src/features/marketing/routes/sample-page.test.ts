import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SAMPLE_PAGE } from './sample-page.ts';

describe("the landing page's sample pages", () => {
  it('are a page the demo book really has, in both languages', () => {
    const url = new URL(`../../../../../../content/books/${SAMPLE_PAGE.bookId}.json`, import.meta.url);
    const book = JSON.parse(readFileSync(url, 'utf8')) as { pages: { en: unknown[]; ar: unknown[] } };
    expect(book.pages.en).toHaveLength(SAMPLE_PAGE.pageCount);
    expect(book.pages.ar).toHaveLength(SAMPLE_PAGE.pageCount);
    expect(SAMPLE_PAGE.page).toBeGreaterThanOrEqual(1);
    expect(SAMPLE_PAGE.page).toBeLessThanOrEqual(SAMPLE_PAGE.pageCount);
  });
});
