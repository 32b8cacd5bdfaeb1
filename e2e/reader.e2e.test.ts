// Journey: browse → preview → read in English → switch to Arabic (right-to-left) → leave →
// come back at the saved page → finish → the book is under Finished in My Library.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newMember, signUp, useBrowser } from './support/browser.ts';

const indicator = (page: Page) => page.getByTestId('page-indicator').innerText();

/** Waits until the reader has stored this page (the save is debounced). */
function progressSaved(page: Page, pageNumber: number) {
  return page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/v1/books/meditations/progress') &&
      response.request().method() === 'PUT' &&
      JSON.parse(response.request().postData() ?? '{}').pageNumber === pageNumber &&
      response.ok(),
  );
}

describe('reading a book', () => {
  const browser = useBrowser();

  it('reads in both languages, resumes at the saved page and finishes the book', async () => {
    const page = await browser.newPage();
    await signUp(page, newMember());

    // Browse: the shelves, then the whole category, then the book's preview.
    await page.goto('/app/books');
    await page.getByRole('link', { name: 'See all summaries in Philosophy' }).click();
    await page.waitForURL('**/app/category/philosophy');
    await page
      .getByRole('link', { name: /Meditations/ })
      .first()
      .click();
    await page.waitForURL('**/app/philosophy/preview/meditations');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Meditations');
    await page.getByRole('link', { name: 'Start reading' }).click();
    await page.waitForURL('**/app/philosophy/meditations**');

    // Two English pages, left to right.
    const article = page.locator('article[lang]');
    await expect.poll(() => indicator(page)).toBe('Page 1 of 4');
    expect(await article.getAttribute('dir')).toBe('ltr');
    expect(await article.getAttribute('lang')).toBe('en');
    const firstPageText = await article.innerText();
    const saved2 = progressSaved(page, 2);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => indicator(page)).toBe('Page 2 of 4');
    expect(await article.innerText()).not.toBe(firstPageText);
    await saved2;

    // Arabic: the same page, right to left; ArrowLeft turns to the next page.
    await page
      .locator('label')
      .filter({ has: page.getByRole('radio', { name: 'العربية' }) })
      .click();
    expect(await page.getByRole('radio', { name: 'العربية' }).isChecked()).toBe(true);
    await expect.poll(() => article.getAttribute('dir')).toBe('rtl');
    expect(await article.getAttribute('lang')).toBe('ar');
    await expect.poll(() => indicator(page)).toBe('Page 2 of 4');
    expect(await article.innerText()).toMatch(/[\u0600-\u06FF]/);
    const saved3 = progressSaved(page, 3);
    // Arrow keys on the language radios switch language; elsewhere they turn pages.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => indicator(page)).toBe('Page 3 of 4');
    await saved3;

    // Leave: the home screen lists the book under "Continue reading".
    await page.getByRole('link', { name: 'Home', exact: true }).first().click();
    await page.waitForURL('**/app/home');
    await expect.poll(() => page.getByText('Page 3 of 4').count()).toBeGreaterThan(0);

    // Come back: the reader opens at the saved page.
    await page.getByRole('link', { name: 'Continue Meditations' }).click();
    await page.waitForURL('**/app/philosophy/meditations**');
    await expect.poll(() => indicator(page)).toBe('Page 3 of 4');

    // The last page offers Finish; finishing offers to rate the book.
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => indicator(page)).toBe('Page 4 of 4');
    expect(await page.getByRole('button', { name: 'Next' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Finish' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'You finished Meditations' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Rate this book' }).getAttribute('href')).toBe(
      '/app/philosophy/preview/meditations#rate',
    );

    // My Library: under Finished, with the date; no longer in progress.
    await page.getByRole('link', { name: 'My library' }).last().click();
    await page.waitForURL('**/app/my-library**');
    await page.getByRole('tab', { name: /Finished/ }).click();
    const finished = page.getByRole('tabpanel');
    await expect.poll(() => finished.innerText()).toMatch(/Meditations[\s\S]*Finished on/);
    await page.getByRole('tab', { name: /In progress/ }).click();
    await expect.poll(() => page.getByRole('tabpanel').innerText()).toMatch(/aren’t reading anything/);
  });

  it('turns pages with arrow keys and swipes, mirrored in Arabic, and remembers the text size', async () => {
    const page = await browser.newPage({ width: 375, height: 740 });
    await signUp(page, newMember());
    await page.goto('/app/philosophy/enchiridion?page=1&lang=en');
    await expect.poll(() => indicator(page)).toBe('Page 1 of 4');

    /** A finger moving dx pixels across the page (touch pointer events, as a phone sends them). */
    const swipe = (dx: number) =>
      page.evaluate((dx) => {
        const article = document.querySelector('article[lang]') as HTMLElement;
        const box = article.getBoundingClientRect();
        const at = (x: number) =>
          ({
            bubbles: true,
            pointerType: 'touch',
            pointerId: 3,
            isPrimary: true,
            clientX: x,
            clientY: box.top + 40,
          }) as const;
        const x = box.left + box.width / 2;
        article.dispatchEvent(new PointerEvent('pointerdown', at(x)));
        article.dispatchEvent(new PointerEvent('pointerup', at(x + dx)));
      }, dx);

    await page.keyboard.press('ArrowRight');
    await expect.poll(() => indicator(page)).toBe('Page 2 of 4');
    await swipe(-120);
    await expect.poll(() => indicator(page)).toBe('Page 3 of 4');
    await swipe(120);
    await expect.poll(() => indicator(page)).toBe('Page 2 of 4');
    await swipe(-20); // too short to be a swipe
    await page.waitForTimeout(200);
    expect(await indicator(page)).toBe('Page 2 of 4');

    // Arabic runs right to left: ArrowLeft and a rightward swipe go forward.
    await page.goto('/app/philosophy/enchiridion?page=1&lang=ar');
    await expect.poll(() => indicator(page)).toBe('Page 1 of 4');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => indicator(page)).toBe('Page 2 of 4');
    await swipe(120);
    await expect.poll(() => indicator(page)).toBe('Page 3 of 4');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => indicator(page)).toBe('Page 2 of 4');

    // The reading size is kept on the device.
    const article = page.locator('article[lang]');
    const before = await article.evaluate((el) => getComputedStyle(el).fontSize);
    await page.getByRole('button', { name: 'Larger text' }).click();
    await page.getByRole('button', { name: 'Larger text' }).click();
    expect(await page.evaluate(() => localStorage.getItem('readerFontSize'))).toBe('3');
    await page.reload();
    await expect.poll(() => indicator(page)).toBe('Page 2 of 4');
    expect(Number.parseFloat(await article.evaluate((el) => getComputedStyle(el).fontSize))).toBeGreaterThan(
      Number.parseFloat(before),
    );
  });

  it('shows a not-found screen for an unknown book or a book in the wrong category', async () => {
    const page = await browser.newPage();
    await signUp(page, newMember());
    await page.goto('/app/philosophy/no-such-book');
    await expect.poll(() => page.getByRole('heading', { name: 'Book not found' }).count()).toBe(1);
    await page.goto('/app/literature/preview/meditations');
    await expect.poll(() => page.getByRole('heading', { name: 'Book not found' }).count()).toBe(1);
    await page.goto('/app/category/no-such-category');
    await expect.poll(() => page.getByRole('heading', { name: 'Category not found' }).count()).toBe(1);
  });
});
