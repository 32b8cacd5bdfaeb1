// Journey: the colour theme and the interface language survive a reload; Arabic is right-to-left.
import { describe, expect, it } from 'vitest';
import { newMember, signUp, useBrowser } from './support/browser.ts';

describe('theme and language', () => {
  const browser = useBrowser();

  it('keeps the chosen theme across a reload, applied before the app runs', async () => {
    const page = await browser.newPage();
    await signUp(page, newMember());
    await page.goto('/app/settings');
    await page.getByLabel('Theme').first().selectOption('dark');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');

    // With the app's scripts blocked, only the boot script can have set the theme: no flash of light.
    await page.route('**/assets/**/*.js', (route) => route.abort());
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toBe('rgb(255, 255, 255)');
  });

  it('switches the page to Arabic, right-to-left, and keeps it after a reload', async () => {
    const page = await browser.newPage();
    await page.goto('/');
    // The pickers come with the app, which a first visit's first move brings (decision 011).
    await page.mouse.move(1, 1);
    await page.getByLabel('Language').first().selectOption('ar');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar');
    await expect.poll(() => page.locator('body').innerText()).toMatch(/[\u0600-\u06FF]/);

    await page.reload();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  });
});
