// Journey: a member's home and the reader come from the server already rendered for them, with
// their data (decision 017): readable before the app's script has run, then taken over by the
// app without asking for that data again and without anything moving.
import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiRequests, newMember, signUp, useBrowser } from './support/browser.ts';

// A thought that would break the page if the server put it there unescaped.
const THOUGHT = 'Read slowly </script><script>document.title="broken"</script> $& $\' <b>not bold</b>';

const screens = [
  {
    path: '/app/home',
    data: [
      '/api/v1/me/account',
      '/api/v1/me/library',
      '/api/v1/thoughts?limit=5',
      '/api/v1/library/overview',
    ],
    shown: (page: Page) => page.getByRole('heading', { name: 'Continue reading' }),
  },
  {
    path: '/app/philosophy/meditations',
    data: ['/api/v1/me/account', '/api/v1/books/meditations/read'],
    shown: (page: Page) => page.getByRole('heading', { name: 'The Private Notebook of an Emperor' }),
  },
];

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
// An installed app's pages come from its service worker's shell, not from the server: these
// journeys are of a browser without it (a first visit, or before it has installed).
const NO_SERVICE_WORKER = { serviceWorkers: 'block' } as const;
// The chunk that starts the app (apps/web/vite.config.ts, compileHint).
const MAIN_SCRIPT = /\/assets\/web-[\w-]+\.js$/;

describe("a member's pages rendered by the server", () => {
  const browser = useBrowser();

  it('shows the home and the reader before any script runs, the member and their data in place', async () => {
    const setup = await browser.newPage(PHONE, undefined, NO_SERVICE_WORKER);
    const member = newMember();
    await signUp(setup, member);
    await setup.waitForURL('**/app/home');
    const posted = await setup.evaluate(async (content) => {
      const response = await fetch('/api/v1/thoughts', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ content }),
      });
      return response.status;
    }, THOUGHT);
    expect(posted).toBe(201);

    const page = await setup.context().newPage();
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/app/home');
    await page.getByRole('heading', { name: `Welcome, ${member.name}` }).waitFor();
    await screens[0]?.shown(page).waitFor();
    // The member's thought, as text: nothing in it ran or became markup.
    await page.getByText(THOUGHT).waitFor();
    expect(await page.title()).toBe('Home · Sahifa');
    expect(await page.locator('b', { hasText: 'not bold' }).count()).toBe(0);

    await page.goto('/app/philosophy/meditations');
    await screens[1]?.shown(page).waitFor();
    await page.getByText(/Marcus Aurelius \(121–180 CE\) ruled the Roman Empire/).waitFor();
    // Named after the book, as the app names it once it runs.
    expect(await page.title()).toBe('Meditations · Sahifa');
  });

  it("lets the app take over from the page's data: no second request, nothing moves", async () => {
    const setup = await browser.newPage(DESKTOP, undefined, NO_SERVICE_WORKER);
    await signUp(setup, newMember());
    await setup.waitForURL('**/app/home');

    for (const screen of screens) {
      const page = await setup.context().newPage();
      const requests = apiRequests(page);
      const errors: string[] = [];
      page.on('console', (message) => {
        // The service worker is blocked here (NO_SERVICE_WORKER), which the app reports.
        if (message.type() === 'error' && !message.text().startsWith('Service worker registration failed'))
          errors.push(message.text());
      });
      // The app's main script waits until the page has been measured as the server sent it.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(MAIN_SCRIPT, async (route) => {
        await held;
        await route.continue();
      });
      const scripts: Response[] = [];
      page.on('response', (response) => {
        if (/\/assets\/[\w-]+\.js$/.test(response.url())) scripts.push(response);
      });
      // Not until 'load': the held script holds it.
      await page.goto(screen.path, { waitUntil: 'commit' });
      const shown = screen.shown(page);
      await shown.waitFor();
      // Measured as first painted: once its style sheets, which hold the first paint, have come
      // (a layout asked for before them, on a busy machine, had no sidebar yet).
      await page.waitForFunction(() =>
        Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).every(
          (link) => link.sheet,
        ),
      );
      const before = await shown.boundingBox();
      release();
      await page.locator('[data-prerendered]').waitFor({ state: 'detached' });
      await shown.waitFor();
      expect(await shown.boundingBox(), screen.path).toEqual(before);
      await page.waitForLoadState('networkidle');
      for (const path of screen.data) expect(requests, screen.path).not.toContain(path);
      expect(errors, screen.path).toEqual([]);
      // Each script (the start chunk, the shell's, the screen's) comes with V8's compile hint first
      // (vite.config.ts, compileHint): compiled as it streams in.
      expect(scripts.map((script) => script.url()).some((url) => MAIN_SCRIPT.test(url))).toBe(true);
      for (const script of scripts)
        expect((await script.text()).slice(0, 40), script.url()).toMatch(/^\/\/# allFunctionsCalledOnLoad\n/);
      await page.close();
    }
  });

  it('keeps the English page out of sight of a member who reads in Arabic, who gets the app in Arabic', async () => {
    const setup = await browser.newPage(DESKTOP, undefined, NO_SERVICE_WORKER);
    await signUp(setup, newMember());
    await setup.waitForURL('**/app/home');
    await setup.evaluate(() => localStorage.setItem('i18nextLng', 'ar'));

    const page = await setup.context().newPage();
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/app/home');
    // Sent, but not shown: the English heading is in the page and out of sight.
    const english = page.locator('[data-prerendered="member"] h2', { hasText: 'Continue reading' });
    await english.waitFor({ state: 'attached' });
    expect(await english.isVisible()).toBe(false);

    await page.unroute('**/assets/*.js');
    await page.goto('/app/home');
    await page.getByRole('heading', { name: 'تابع القراءة' }).waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
  });
});
