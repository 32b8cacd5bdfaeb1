// Journey: bookmark a book from its preview → it is in My Library's Bookmarked tab → remove it → gone.
import { describe, expect, it } from 'vitest';
import { newMember, signUp, useBrowser } from './support/browser.ts';

describe('bookmarks', () => {
  const browser = useBrowser();

  it('adds a bookmark from the preview, lists it in My Library, and removes it', async () => {
    const page = await browser.newPage({ width: 375, height: 812 }); // a phone
    await signUp(page, newMember());

    await page.goto('/app/my-library');
    await expect.poll(() => page.getByRole('tabpanel').innerText()).toMatch(/haven’t bookmarked/);

    await page.goto('/app/philosophy/preview/enchiridion');
    const toggle = page.getByRole('button', { name: /^Bookmark/ });
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/books/enchiridion/bookmark') && r.request().method() === 'PUT' && r.ok(),
    );
    // The server gets the request only once the button shows the change: it shows at once.
    let answer = () => {};
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await page.route('**/books/enchiridion/bookmark', async (route) => {
      await held;
      await route.continue();
    });
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    answer();
    await saved;
    await page.unroute('**/books/enchiridion/bookmark');

    // Stored on the server: still bookmarked after a reload.
    await page.reload();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');

    // The phone's bottom bar names it briefly.
    await page
      .getByRole('link', { name: /^(My library|Library)$/ })
      .first()
      .click();
    await page.waitForURL('**/app/my-library');
    const panel = page.getByRole('tabpanel');
    await expect.poll(() => panel.innerText()).toMatch(/Enchiridion/);
    expect(await page.getByRole('tab', { name: /Bookmarked/ }).getAttribute('aria-selected')).toBe('true');

    // Remove it from the preview: gone from My Library.
    await panel.getByRole('link', { name: /Enchiridion/ }).click();
    await page.waitForURL('**/app/philosophy/preview/enchiridion');
    const removed = page.waitForResponse(
      (r) => r.url().endsWith('/books/enchiridion/bookmark') && r.request().method() === 'DELETE' && r.ok(),
    );
    await toggle.click();
    await removed;
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');

    // The phone's bottom bar names it briefly.
    await page
      .getByRole('link', { name: /^(My library|Library)$/ })
      .first()
      .click();
    await page.waitForURL('**/app/my-library');
    await expect.poll(() => page.getByRole('tabpanel').innerText()).toMatch(/haven’t bookmarked/);
    expect(await page.getByRole('tabpanel').getByText('Enchiridion').count()).toBe(0);
  });

  it('lists the books in progress on a phone’s home as compact rows, cards on wider screens', async () => {
    const page = await browser.newPage({ width: 390, height: 844 });
    await signUp(page, newMember());
    for (const [category, book] of [
      ['philosophy', 'meditations'],
      ['strategy-leadership', 'the-prince'],
      ['history-society', 'muqaddimah'],
    ]) {
      await page.goto(`/app/${category}/${book}?page=1&lang=en`);
      const saved = page.waitForResponse(
        (r) => r.url().endsWith(`/books/${book}/progress`) && r.request().method() === 'PUT' && r.ok(),
      );
      await page.getByRole('button', { name: 'Next' }).click();
      await saved;
    }

    await page.goto('/app/home');
    const section = page.locator('section[aria-labelledby="continue-reading"]');
    const row = section.getByRole('link', { name: 'Continue Meditations' });
    await row.waitFor();
    expect(await row.getAttribute('href')).toMatch(/^\/app\/philosophy\/meditations/);
    expect(await section.getByText('Page 2 of 4').count()).toBe(3);
    // Three rows take less than a third of the screen; the next section starts on the first screen.
    const rows = await section
      .getByRole('listitem')
      .evaluateAll((items) => items.map((item) => item.getBoundingClientRect().height));
    expect(rows).toHaveLength(3);
    for (const height of rows) expect(height).toBeLessThan(120);
    const next = await page.getByRole('heading', { name: 'Latest thoughts' }).boundingBox();
    expect(next?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(844);

    // A wider screen: the cards, with their Continue button.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => section.getByRole('link', { name: 'Continue', exact: false }).count()).toBe(3);
    // The cover is laid out once it has loaded (its space is not reserved yet: issue 12).
    await expect
      .poll(() =>
        section
          .locator('img')
          .first()
          .evaluate((img) => img.getBoundingClientRect().width),
      )
      .toBeGreaterThan(100);
  });
});
