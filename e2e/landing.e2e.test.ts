// Journey: a visitor opens the landing page and sees the demo library; the public pages have content.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseURL, firstVisit, useBrowser, withScriptsHeld } from './support/browser.ts';

describe('public site', () => {
  const browser = useBrowser();

  it('lists the categories and some books of the library on the landing page', async () => {
    const overview = await (await fetch(`${baseURL}/api/v1/library/overview`)).json();
    expect(overview.categories.length).toBeGreaterThanOrEqual(4);

    const page = await browser.newPage({ width: 375, height: 812 });
    await page.goto('/');
    // Below a phone's first screen: the app (and the library with it) comes as it scrolls near.
    await page.getByRole('heading', { name: 'Browse by category' }).scrollIntoViewIfNeeded();
    const text = () => page.locator('main').innerText();
    await expect.poll(text).toContain(overview.categories[0].title);
    expect(await text()).toContain(overview.featuredBooks[0].title);
    // A phone loads the cards' smaller copy of each cover, not the cover itself.
    const { cardImage, bookImage } = overview.featuredBooks[0];
    expect(cardImage).toMatch(/-card\.webp$/);
    const cover = page.locator(`img[src="${cardImage}"]`).first();
    await expect
      .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    const shown = await cover.evaluate((img: HTMLImageElement) => ({
      url: new URL(img.currentSrc).pathname,
      width: img.naturalWidth,
    }));
    expect(shown.url).toBe(cardImage);
    expect(shown.width).toBeLessThanOrEqual(360);
    expect(bookImage).not.toBe(cardImage);
    await expect
      .poll(() => page.getByRole('link', { name: /sign up|get started|create/i }).count())
      .toBeGreaterThan(0);
  });

  it('has real content on every public page', async () => {
    const page = await browser.newPage();
    for (const path of ['/about', '/pricing', '/privacy-policy', '/terms-conditions']) {
      await page.goto(path);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).count()).toBe(1);
      expect((await page.locator('main').innerText()).length).toBeGreaterThan(400);
    }
  });
});

describe('a first visit to a public page', () => {
  const browser = useBrowser();

  /**
   * Opens the page while its scripts are held (DOMContentLoaded waits for module scripts), and
   * waits for what the browser waits for before its first paint: the style sheets in <head>.
   */
  async function openHeld(page: Page, path: string) {
    await page.goto(path, { waitUntil: 'commit' });
    await page.locator('[data-prerendered] footer').waitFor({ state: 'attached' });
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).every(
        (link) => link.sheet,
      ),
    );
  }

  const prerenderedShown = (page: Page) =>
    page.evaluate(() => {
      const content = document.querySelector('[data-prerendered] h1');
      return content !== null && getComputedStyle(content).visibility === 'visible';
    });

  it('shows the page, titled and styled, with no script until the visitor moves, and does not move when the app takes over', async () => {
    for (const [path, title, heading] of [
      ['/', 'Sahifa — Book summaries in English and Arabic', 'The ideas of great books, one page at a time'],
      ['/about', 'About · Sahifa', 'About Sahifa'],
      // Rendered by the server from its settings (its plans), not at build time.
      ['/pricing', 'Pricing · Sahifa', 'Pricing'],
    ]) {
      const { page, scripts, errors: pageErrors } = await firstVisit(browser, path as string);
      expect(scripts, path).toEqual([]);
      expect(await page.title()).toBe(title);
      const h1 = page.getByRole('heading', { level: 1, name: heading });
      expect(await prerenderedShown(page)).toBe(true);
      const before = await h1.boundingBox();
      const signUp = await page.getByRole('link', { name: 'Sign up' }).boundingBox();
      // Styled by the screen's own style sheet: the heading is laid out as the app lays it out.
      expect(before?.width).toBeLessThan(375);
      // The pickers cannot work before the app runs, so they are not offered yet.
      const language = page.getByLabel('Language').first();
      expect(await language.isVisible()).toBe(false);

      // The visitor's first move brings the app, which renders the same page over this one.
      await page.mouse.move(1, 1);
      await expect.poll(() => page.locator('[data-prerendered]').count()).toBe(0);
      await h1.waitFor();
      expect(scripts.length).toBeGreaterThan(0);
      expect(await h1.boundingBox()).toEqual(before);
      expect(await page.getByRole('link', { name: 'Sign up' }).boundingBox()).toEqual(signUp);
      expect(await language.isVisible()).toBe(true);
      // No style or script the Content-Security-Policy refuses.
      expect(pageErrors, path).toEqual([]);
    }
  });

  it("shows a desktop the library with no script, and the app takes over from the page's data", async () => {
    const overview = await (await fetch(`${baseURL}/api/v1/library/overview`)).json();
    const { page, scripts, errors } = await firstVisit(browser, '/', { size: { width: 1280, height: 800 } });
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    // The server rendered the library into the page: nothing waits for the app's data.
    expect(scripts).toEqual([]);
    expect(await page.locator('[data-prerendered] [aria-busy]').count()).toBe(0);
    const main = page.locator('[data-prerendered] main');
    expect(await main.innerText()).toContain(overview.categories[0].title);
    expect(await main.innerText()).toContain(overview.featuredBooks[0].title);
    const category = page.locator(`a[href="/app/category/${overview.categories[0].id}"]`);
    const before = await category.boundingBox();
    // Within a screen of the view, where the library used to start the app at once for its data.
    expect(before?.y).toBeLessThan(2 * 800);

    await page.mouse.move(1, 1);
    await expect.poll(() => page.locator('[data-prerendered]').count()).toBe(0);
    await category.waitFor();
    expect(await category.boundingBox()).toEqual(before);
    // The app started from the overview the page came with, without asking for it again.
    expect(asked.filter((path) => path.startsWith('/api/v1/library'))).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('keeps the keyboard on the same link when the app its first key brought takes over', async () => {
    const page = await browser.newPage();
    await page.goto('/about', { waitUntil: 'networkidle' });
    const release = await withScriptsHeld(page);
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement;
        return element === document.body
          ? 'nothing'
          : `${element?.textContent} (${element?.closest('[data-prerendered]') ? 'page' : 'app'})`;
      });
    expect(await focused()).toBe('About (page)');

    release();
    await expect.poll(() => page.locator('[data-prerendered]').count()).toBe(0);
    expect(await focused()).toBe('About (app)');
  });

  it('shows a browser in Arabic each public page in Arabic with no script, and the app takes over in Arabic', async () => {
    const arabicDescription =
      'صحيفة مكتبة لملخصات الكتب بالعربية والإنجليزية، تُقرأ صفحةً صفحة، مع الإشارات المرجعية ومتابعة القراءة ومجتمع من القرّاء.';
    for (const [path, title, heading] of [
      ['/', 'صحيفة — ملخصات الكتب بالعربية والإنجليزية', 'أفكار أعظم الكتب، صفحةً بعد صفحة'],
      ['/about', 'عن صحيفة · صحيفة', 'عن صحيفة'],
      ['/login', 'تسجيل الدخول · صحيفة', 'سجّل الدخول إلى صحيفة'],
    ]) {
      const { page, scripts, errors } = await firstVisit(browser, path as string, { locale: 'ar' });
      expect(scripts, path).toEqual([]);
      expect(await page.title()).toBe(title);
      const description = () => page.locator('meta[name="description"]').getAttribute('content');
      expect(await description(), path).toBe(arabicDescription);
      expect(
        await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]),
      ).toEqual(['ar', 'rtl']);
      const h1 = page.getByRole('heading', { level: 1, name: heading });
      expect(await prerenderedShown(page)).toBe(true);
      const before = await h1.boundingBox();

      await page.mouse.move(1, 1);
      await expect.poll(() => page.locator('[data-prerendered]').count()).toBe(0);
      await h1.waitFor();
      expect(await h1.boundingBox()).toEqual(before);
      expect(await description(), path).toBe(arabicDescription);
      expect(errors, path).toEqual([]);
    }
  });

  it('sends the next page in the language the reader picked, not the browser’s', async () => {
    // Without the service worker, whose shell would answer the next visit (the server's pages are for a first visit).
    const page = await browser.newPage({ width: 375, height: 812 }, undefined, { serviceWorkers: 'block' });
    await page.goto('/about', { waitUntil: 'networkidle' });
    await page.mouse.move(1, 1);
    await expect.poll(() => page.locator('[data-prerendered]').count()).toBe(0);
    const description = () => page.locator('meta[name="description"]').getAttribute('content');
    expect(await description()).toMatch(/^Sahifa is a library of book summaries/);
    await page.getByLabel('Language').first().selectOption('ar');
    await page.getByRole('heading', { level: 1, name: 'عن صحيفة' }).waitFor();
    expect(await description()).toMatch(/^صحيفة مكتبة لملخصات الكتب/);

    const scripts: string[] = [];
    page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
    await page.goto('/privacy-policy', { waitUntil: 'networkidle' });
    expect(await page.locator('[data-prerendered][lang="ar"] h1').innerText()).toBe('سياسة الخصوصية');
    expect(await prerenderedShown(page)).toBe(true);
    expect(scripts).toEqual([]);
  });

  it('shows nothing of a page in the other language before the app runs, then the page in the chosen one', async () => {
    // Chosen on this device before the server could know (no cookie yet): the page comes in English.
    const page = await browser.newPage({ width: 375, height: 812 });
    await page.addInitScript(() => localStorage.setItem('i18nextLng', 'ar'));
    const release = await withScriptsHeld(page);
    await openHeld(page, '/about');
    expect(await page.locator('[data-prerendered][lang="en"]').count()).toBe(1);
    expect(await prerenderedShown(page)).toBe(false);
    release();
    await page.getByRole('heading', { level: 1, name: 'عن صحيفة' }).waitFor();
  });

  it('shows a member signed in on this device no public page on the way into the app', async () => {
    const page = await browser.newPage({ width: 375, height: 812 });
    await page.addInitScript(() =>
      localStorage.setItem(
        'sahifa.lastSession',
        JSON.stringify({ id: 'u1', name: 'A', userNumber: 1, image: null }),
      ),
    );
    await withScriptsHeld(page);
    await openHeld(page, '/');
    expect(await page.locator('[data-prerendered]').count()).toBe(1);
    expect(await prerenderedShown(page)).toBe(false);
  });
});
