// Journey: a member's busiest screens ask for their data as soon as the address is known, not once
// their code has arrived and rendered (each screen's code is held back here to show it), and still
// ask only once; a visitor's browser asks for none of it. The page itself comes unrendered here,
// as the service worker's shell does: the server renders these screens with their data when the
// page request carries the session (e2e/member-pages.e2e.test.ts).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiRequests, newMember, signUp, useBrowser } from './support/browser.ts';

const screens = [
  {
    path: '/app/home',
    code: /\/assets\/HomeRoute-[\w-]+\.js$/,
    data: ['/api/v1/me/library', '/api/v1/thoughts?limit=5', '/api/v1/library/overview'],
    shown: (page: Page) => page.getByRole('heading', { name: 'Continue reading' }),
  },
  {
    path: '/app/philosophy/meditations',
    code: /\/assets\/ReaderRoute-[\w-]+\.js$/,
    data: ['/api/v1/books/meditations/read'],
    shown: (page: Page) => page.getByRole('button', { name: /next/i }).first(),
  },
];

describe('screen data', () => {
  const browser = useBrowser();

  // Both ways a member arrives: known on this device (the copy kept for offline starts), and
  // known only once the session check answers (storage cleared, the cookie still valid).
  for (const known of ['kept on this device', 'found by the session check']) {
    it(`starts a screen's data alongside its code, once, for a member ${known}`, async () => {
      const setup = await browser.newPage();
      await signUp(setup, newMember());
      await setup.waitForURL('**/app/home');
      if (known === 'found by the session check') await setup.evaluate(() => localStorage.clear());

      for (const screen of screens) {
        const page = await setup.context().newPage();
        const requests = apiRequests(page);
        let release = () => {};
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        await page.route(
          (url) => url.pathname === screen.path,
          async (route) => {
            const shell = await route.fetch({ url: new URL('/index.html', route.request().url()).href });
            await route.fulfill({ response: shell });
          },
        );
        await page.route(screen.code, async (route) => {
          await held;
          await route.continue();
        });
        await page.goto(screen.path, { waitUntil: 'commit' });
        await expect
          .poll(() => screen.data.every((path) => requests.includes(path)), { timeout: 10_000 })
          .toBe(true);
        release();
        await screen.shown(page).waitFor();
        for (const path of screen.data) expect(requests.filter((r) => r === path)).toHaveLength(1);
        await page.close();
      }
    });
  }

  it("asks for none of a member's data in a visitor's browser", async () => {
    const page = await browser.newPage();
    const requests = apiRequests(page);
    await page.goto('/app/home');
    await page.waitForURL('**/login**');
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    expect(requests.filter((path) => screens.some((screen) => screen.data.includes(path)))).toEqual([]);
  });
});
