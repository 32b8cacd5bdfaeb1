// Journey: a visitor opens the landing page and sees the demo library; the public pages have content.
import { describe, expect, it } from 'vitest';
import { baseURL, useBrowser } from './support/browser.ts';

describe('public site', () => {
  const browser = useBrowser();

  it('lists the categories and some books of the library on the landing page', async () => {
    const overview = await (await fetch(`${baseURL}/api/v1/library/overview`)).json();
    expect(overview.categories.length).toBeGreaterThanOrEqual(4);

    const page = await browser.newPage({ width: 375, height: 812 });
    await page.goto('/');
    const text = () => page.locator('main').innerText();
    await expect.poll(text).toContain(overview.categories[0].title);
    expect(await text()).toContain(overview.featuredBooks[0].title);
    const cover = page.locator(`img[src="${overview.featuredBooks[0].bookImage}"]`).first();
    await expect
      .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
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
