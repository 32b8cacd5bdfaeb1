// Journey: browse → preview → read in English → switch to Arabic (right-to-left) → leave →
// come back at the saved page, in Arabic → finish → the book is under Finished in My Library;
// reopening it saves nothing until a page turns. Also: page keys, swipes, the pager's direction.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newMember, openWithApp, signUp, useBrowser } from './support/browser.ts';

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

/** Which way a pager button's arrow looks on screen: its character, mirrored or not by CSS. */
function pointing(page: Page, button: 'Next' | 'Previous') {
  return page
    .getByRole('button', { name: button })
    .locator('[aria-hidden="true"]')
    .evaluate((arrow) => {
      const mirrored = new DOMMatrix(getComputedStyle(arrow).transform).a < 0;
      const left = arrow.textContent?.trim() === '←';
      return left !== mirrored ? 'left' : 'right';
    });
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
    await page.getByLabel('Language of the summary').getByText('العربية', { exact: true }).click();
    await expect.poll(() => article.getAttribute('dir')).toBe('rtl');
    expect(await article.getAttribute('lang')).toBe('ar');
    await expect.poll(() => indicator(page)).toBe('Page 2 of 4');
    expect(await article.innerText()).toMatch(/[\u0600-\u06FF]/);
    const saved3 = progressSaved(page, 3);
    // The language toggle keeps focus, and the arrow keys still turn pages (not the language).
    expect(
      await page.evaluate(
        () => document.activeElement?.closest('[role="group"], [role="radiogroup"]') != null,
      ),
    ).toBe(true);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => indicator(page)).toBe('Page 3 of 4');
    expect(await article.getAttribute('lang')).toBe('ar');
    // A pair of toggle buttons (no radio group to take the arrow keys).
    const arabic = page.getByRole('button', { name: 'العربية' });
    expect(await arabic.getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('false');
    expect(JSON.parse((await saved3).request().postData() ?? '{}')).toEqual({ pageNumber: 3, lang: 'ar' });

    // Leave: the home screen lists the book under "Continue reading".
    await page.getByRole('link', { name: 'Home', exact: true }).first().click();
    await page.waitForURL('**/app/home');
    await expect.poll(() => page.getByText('Page 3 of 4').count()).toBeGreaterThan(0);

    // Come back: the reader opens at the saved page, in the language it was read in.
    await page.getByRole('link', { name: 'Continue Meditations' }).click();
    await page.waitForURL('**/app/philosophy/meditations**');
    await expect.poll(() => indicator(page)).toBe('Page 3 of 4');
    expect(await article.getAttribute('lang')).toBe('ar');
    expect(new URL(page.url()).searchParams.get('lang')).toBe('ar');
    // Back to English for the rest of the journey (the switch is saved too).
    const savedEnglish = progressSaved(page, 3);
    await page.getByRole('button', { name: 'English' }).click();
    expect(JSON.parse((await savedEnglish).request().postData() ?? '{}')).toEqual({
      pageNumber: 3,
      lang: 'en',
    });

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

  it('keeps a bare address while the reader is where it opened, and names page and language once one turns', async () => {
    const page = await browser.newPage();
    await signUp(page, newMember());
    await openWithApp(page, '/app/philosophy/meditations');
    await expect.poll(() => indicator(page)).toBe('Page 1 of 4');
    await page.waitForTimeout(500); // the app's first effects have run (the address was written in them)
    expect(new URL(page.url()).search).toBe('');

    const saved2 = progressSaved(page, 2);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('?page=2&lang=en');
    await saved2;
    // The bare address opens at the saved page again.
    await page.goto('/app/philosophy/meditations');
    await expect.poll(() => indicator(page)).toBe('Page 2 of 4');
  });

  it('reopens a finished book without putting it back in progress, until a page is turned', async () => {
    const page = await browser.newPage();
    await signUp(page, newMember());
    const saves: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().endsWith('/api/v1/books/meditations/progress')) {
        saves.push(request.postData() ?? '');
      }
    });

    // Read to the last page and finish.
    await page.goto('/app/philosophy/meditations?page=4&lang=en');
    await expect.poll(() => indicator(page)).toBe('Page 4 of 4');
    await page.getByRole('button', { name: 'Finish' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'You finished Meditations' }).count()).toBe(1);
    saves.length = 0;

    // Reloaded, then reopened from the preview: no progress is saved.
    await page.reload();
    await expect.poll(() => indicator(page)).toBe('Page 4 of 4');
    await page.goto('/app/philosophy/preview/meditations');
    await expect.poll(() => page.getByText(/You finished it on/).count()).toBe(1);
    expect(await page.getByRole('link', { name: /Continue at page/ }).count()).toBe(0);
    await page.getByRole('link', { name: 'Read again' }).click();
    await page.waitForURL('**/app/philosophy/meditations**');
    await expect.poll(() => indicator(page)).toBe('Page 1 of 4');
    await page.waitForTimeout(800); // longer than the save's debounce
    expect(saves).toEqual([]);

    // Home: not in Continue reading.
    await page.goto('/app/home');
    await expect.poll(() => page.getByText(/You haven’t started a book yet/).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Continue Meditations' }).count()).toBe(0);

    // Turning a page starts reading it again: in progress, and still under Finished.
    await page.goto('/app/philosophy/meditations');
    await expect.poll(() => indicator(page)).toBe('Page 1 of 4');
    const saved2 = progressSaved(page, 2);
    await page.getByRole('button', { name: 'Next' }).click();
    await saved2;
    await page.goto('/app/philosophy/preview/meditations');
    await expect.poll(() => page.getByRole('link', { name: 'Continue at page 2' }).count()).toBe(1);
    expect(await page.getByText(/You finished it on/).count()).toBe(0);
    await page.goto('/app/my-library?tab=finished');
    await expect.poll(() => page.getByRole('tabpanel').innerText()).toMatch(/Meditations[\s\S]*Finished on/);
  });

  it('lays the pager out along Arabic text in the English interface: Next on the left, pointing left', async () => {
    const page = await browser.newPage({ width: 390, height: 844 });
    await signUp(page, newMember());
    await page.goto('/app/philosophy/enchiridion?page=2&lang=ar');
    await expect.poll(() => indicator(page)).toBe('Page 2 of 4');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    const next = await page.getByRole('button', { name: 'Next' }).boundingBox();
    const previous = await page.getByRole('button', { name: 'Previous' }).boundingBox();
    expect(next && previous && next.x < previous.x).toBe(true);
    expect(await pointing(page, 'Next')).toBe('left');
    expect(await pointing(page, 'Previous')).toBe('right');

    // English text: Next on the right, pointing right.
    await page.getByRole('button', { name: 'English' }).click();
    await expect.poll(() => pointing(page, 'Next')).toBe('right');
    expect(await pointing(page, 'Previous')).toBe('left');
    const nextEn = await page.getByRole('button', { name: 'Next' }).boundingBox();
    const previousEn = await page.getByRole('button', { name: 'Previous' }).boundingBox();
    expect(nextEn && previousEn && nextEn.x > previousEn.x).toBe(true);

    // Page keys work with focus on the language toggle; PageDown / PageUp too.
    await page.getByRole('button', { name: 'English' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => indicator(page)).toBe('Page 3 of 4');
    await page.keyboard.press('PageUp');
    await expect.poll(() => indicator(page)).toBe('Page 2 of 4');
    expect(await page.getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('turns pages with arrow keys and swipes, mirrored in Arabic, and remembers the text size', async () => {
    const page = await browser.newPage({ width: 375, height: 740 });
    await signUp(page, newMember());
    // Keys do nothing on the page the server sent until the app has taken it over.
    await openWithApp(page, '/app/philosophy/enchiridion?page=1&lang=en');
    await expect.poll(() => page.locator('article[lang]').getAttribute('lang')).toBe('en');
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
    // Keys do nothing on the page the server sent until the app has taken it over.
    await openWithApp(page, '/app/philosophy/enchiridion?page=1&lang=ar');
    // "Page 1 of 4" reads the same in both languages: wait for the Arabic page itself.
    await expect.poll(() => page.locator('article[lang]').getAttribute('lang')).toBe('ar');
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
    // The page the server sent is replaced by the app's, which applies the kept size: poll, as
    // the article read mid-replacement has no computed size.
    await expect
      .poll(async () => Number.parseFloat(await article.evaluate((el) => getComputedStyle(el).fontSize)))
      .toBeGreaterThan(Number.parseFloat(before));
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
