// Journey: the browser's tab names what the screen shows — the book, the category, the member, the
// thought, or that it was not found — in the reader's language, and a screen without a name of
// its own goes back to its route's title.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newMember, signUp, useBrowser } from './support/browser.ts';

const title = (page: Page) => expect.poll(() => page.title());

describe("the tab's title", () => {
  const browser = useBrowser();

  it('names the book, the category, the member and the thought on show, in English and Arabic', async () => {
    const page = await browser.newPage();
    const member = newMember();
    await signUp(page, member);
    await page.waitForURL('**/app/home');

    await page.goto('/app/category/philosophy');
    await title(page).toBe('Philosophy · Sahifa');
    await page
      .getByRole('link', { name: /Meditations/ })
      .first()
      .click();
    await page.waitForURL('**/app/philosophy/preview/meditations');
    await title(page).toBe('Meditations · Sahifa');
    await page.getByRole('link', { name: 'Start reading' }).click();
    await page.waitForURL('**/app/philosophy/meditations**');
    await title(page).toBe('Meditations · Sahifa');
    // A screen that names nothing is titled by its route again.
    await page.getByRole('link', { name: 'Books', exact: true }).first().click();
    await page.waitForURL('**/app/books');
    await title(page).toBe('Books · Sahifa');

    // A thought of the member's, and their profile, named after them.
    await page.goto('/app/thoughts');
    await page.getByLabel('Your thought').fill('Titles matter');
    await page.getByRole('button', { name: 'Post thought' }).click();
    const card = page.getByRole('article').filter({ hasText: 'Titles matter' });
    const thoughtHref = (await card.getByRole('link', { name: /repl/ }).getAttribute('href')) ?? '';
    const userNumber = thoughtHref.match(/^\/app\/thoughts\/(\d+)\//)?.[1];
    expect(userNumber).toBeDefined();
    await page.goto(thoughtHref);
    await title(page).toBe(`A thought by ${member.name} · Sahifa`);
    await page.goto(`/app/${userNumber}`);
    await title(page).toBe(`${member.name} · Sahifa`);

    // What is not there is named so.
    await page.goto('/app/philosophy/preview/no-such-book');
    await title(page).toBe('Book not found · Sahifa');
    await page.goto('/app/99999999');
    await title(page).toBe('Darker not found · Sahifa');

    // In Arabic: the book's Arabic title and the app's Arabic name.
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'ar'));
    await page.goto('/app/philosophy/preview/meditations');
    await title(page).toBe('التأملات · صحيفة');
    await page.goto('/app/philosophy/preview/no-such-book');
    await title(page).toBe('الكتاب غير موجود · صحيفة');
  });
});
