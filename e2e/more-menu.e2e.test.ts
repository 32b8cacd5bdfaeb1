// Journey: the phone's bottom bar "More" menu. Its code (React Aria's menu) is not part of a
// screen's load: it is fetched when the member reaches for the button, and the first press opens
// the menu, by keyboard as by touch, with the focus where a menu puts it.
import { describe, expect, it } from 'vitest';
import { newMember, signUp, useBrowser } from './support/browser.ts';

const MENU_CODE = /\/assets\/MoreMenu-[\w-]+\.js$/;

describe('the More menu', () => {
  const browser = useBrowser();

  it('loads its code only when reached for, and opens by keyboard on the first press', async () => {
    const page = await browser.newPage({ width: 390, height: 844 });
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (MENU_CODE.test(new URL(request.url()).pathname)) fetched.push(request.url());
    });
    await signUp(page, newMember());
    await page.getByRole('heading', { name: 'Continue reading' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(fetched).toEqual([]);

    const more = page.getByRole('button', { name: 'More', exact: true });
    const menuCode = page.waitForRequest((request) => MENU_CODE.test(new URL(request.url()).pathname));
    await more.focus();
    await menuCode;

    await page.keyboard.press('Enter');
    const first = page.getByRole('menuitem').first();
    await expect.poll(() => first.evaluate((item) => item === document.activeElement)).toBe(true);
    expect(await page.getByRole('menu', { name: 'More', exact: true }).isVisible()).toBe(true);

    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('menu').count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('More');
    expect(fetched).toHaveLength(1);
  });

  it('opens on the first tap, before its code was ever asked for', async () => {
    const page = await browser.newPage({ width: 390, height: 844 });
    await signUp(page, newMember());
    await page.getByRole('heading', { name: 'Continue reading' }).waitFor();
    await page.getByRole('button', { name: 'More', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Support' }).click();
    await page.waitForURL('**/app/support');
  });
});
