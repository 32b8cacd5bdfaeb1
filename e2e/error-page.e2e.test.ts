// Journey: when a screen's code cannot be loaded (say, after a deploy replaced it), the visitor
// sees the error page with a way home instead of a blank page.
import { describe, expect, it } from 'vitest';
import { openWithApp, useBrowser } from './support/browser.ts';

describe('error page', () => {
  const browser = useBrowser();

  it("shows 'Unexpected Application Error!' and a way home when a screen fails to load", async () => {
    const page = await browser.newPage({ width: 375, height: 812 });
    await page.route('**/assets/AboutPage-*.js', (route) => route.abort());
    await openWithApp(page, '/about');
    const heading = page.getByRole('heading', { name: 'Unexpected Application Error!' });
    await expect.poll(() => heading.count()).toBe(1);

    await page.unroute('**/assets/AboutPage-*.js');
    await page.getByRole('link', { name: /home/i }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => heading.count()).toBe(0);
  });
});
