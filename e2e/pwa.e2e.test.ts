// Journey: the app is installable — manifest, service worker at /service-worker.js, install prompt.
import { readFileSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_WEB_DIST_DIR } from '../apps/server/src/paths.ts';
import { baseURL, openWithApp, useBrowser } from './support/browser.ts';

/** The bytes the server sends for a path to a browser that takes brotli, as sent (not decoded). */
function brotliBytes(path: string): Promise<{ encoding: string | undefined; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(new URL(path, baseURL), { headers: { 'accept-encoding': 'br, gzip' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ encoding: response.headers['content-encoding'], body: Buffer.concat(chunks) }),
      );
    }).on('error', reject);
  });
}

describe('installable app', () => {
  const browser = useBrowser();

  it('registers the service worker and links a manifest with icons', async () => {
    const page = await browser.newPage();
    await openWithApp(page, '/');
    const scriptURL = await page.evaluate(
      async () => (await navigator.serviceWorker.ready).active?.scriptURL,
    );
    expect(scriptURL).toBe(`${baseURL}/service-worker.js`);

    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = await (await fetch(new URL(manifestHref as string, baseURL))).json();
    expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(
      expect.arrayContaining(['192x192', '512x512']),
    );
  });

  it('sends the service worker, its runtime, the manifest and the icon as the build compressed them', async () => {
    const worker = await (await fetch(`${baseURL}/service-worker.js`)).text();
    // The worker loads its runtime as `define(["./workbox-<hash>"], …)`.
    const runtime = worker.match(/"\.\/(workbox-[\w-]+)"/)?.[1];
    expect(runtime).toBeDefined();
    for (const file of ['service-worker.js', `${runtime}.js`, 'manifest.webmanifest', 'favicon.svg']) {
      const sent = await brotliBytes(`/${file}`);
      expect(sent.encoding).toBe('br');
      expect(sent.body.equals(readFileSync(join(DEFAULT_WEB_DIST_DIR, `${file}.br`)))).toBe(true);
    }
  });

  it('offers installation once the browser does, and closes on ×', async () => {
    const page = await browser.newPage();
    await openWithApp(page, '/about');
    const offer = page.getByText('Install our app for a better experience!');
    expect(await offer.count()).toBe(0);

    // What Chromium does when the app becomes installable: fire beforeinstallprompt.
    await page.evaluate(() => {
      const event = new Event('beforeinstallprompt', { cancelable: true });
      Object.assign(event, { prompt: async () => {}, userChoice: Promise.resolve({ outcome: 'dismissed' }) });
      window.dispatchEvent(event);
    });
    await expect.poll(() => offer.count()).toBe(1);
    await page.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => offer.count()).toBe(0);
  });

  it('closes the offer after the member answers the native prompt', async () => {
    const page = await browser.newPage();
    await openWithApp(page, '/');
    await page.evaluate(() => {
      const event = new Event('beforeinstallprompt', { cancelable: true });
      Object.assign(event, { prompt: async () => {}, userChoice: Promise.resolve({ outcome: 'accepted' }) });
      window.dispatchEvent(event);
    });
    const offer = page.getByText('Install our app for a better experience!');
    await expect.poll(() => offer.count()).toBe(1);
    await page.getByRole('button', { name: 'Install', exact: true }).click();
    await expect.poll(() => offer.count()).toBe(0);
  });

  it('tells iPhone visitors how to add the app to the home screen', async () => {
    const page = await browser.newPage();
    await page.context().addInitScript(() => {
      Object.defineProperty(navigator, 'userAgent', {
        get: () =>
          'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
      });
    });
    await openWithApp(page, '/');
    await expect.poll(() => page.getByText(/Add to Home Screen/).count()).toBeGreaterThan(0);
  });
});
