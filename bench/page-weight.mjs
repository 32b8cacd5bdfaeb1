// Page-weight benchmark: what a first visit downloads (bytes on the wire, by type) and when the
// page is usable, in Debian's Chromium against a fresh local server, at phone and desktop sizes,
// from a browser in English and one in Arabic.
// Usage: npm run bench:pages  (results printed and written to bench/results/pages-<date>.json)
import { launchChromium } from '../scripts/chromium.mjs';
import { startLocalServer } from '../scripts/local-server.mjs';
import { writeResults } from './results.mjs';

// Every public page a visitor can open first (product spec: landing, about, pricing, privacy,
// terms, sign up, log in, forgot password).
const pages = [
  '/',
  '/about',
  '/pricing',
  '/privacy-policy',
  '/terms-conditions',
  '/sign-up',
  '/login',
  '/forgot-password',
];
const viewports = { phone: { width: 375, height: 812 }, desktop: { width: 1280, height: 800 } };
/** The browser's language: the server renders a public page in it (decision 018). */
const locales = ['en-US', 'ar'];

function kind(type, url) {
  if (type === 'script') return 'js';
  if (type === 'stylesheet') return 'css';
  if (type === 'font') return 'font';
  if (type === 'image') return 'image';
  if (type === 'document') return 'html';
  return url.includes('/api/') ? 'api' : 'other';
}

const server = await startLocalServer();
const browser = await launchChromium();
try {
  const results = [];
  for (const locale of locales) {
    for (const [viewportName, viewport] of Object.entries(viewports)) {
      for (const path of pages) {
        // A fresh context: cold cache, no service worker yet — a first visit.
        const context = await browser.newContext({ viewport, locale, serviceWorkers: 'block' });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        const requests = new Map();
        cdp.on('Network.responseReceived', (e) =>
          requests.set(e.requestId, { kind: kind(e.type.toLowerCase(), e.response.url) }),
        );
        cdp.on('Network.loadingFinished', (e) => {
          const entry = requests.get(e.requestId);
          if (entry) entry.bytes = e.encodedDataLength;
        });
        await page.goto(`${server.baseURL}${path}`, { waitUntil: 'networkidle' });
        const timing = await page.evaluate(() => {
          const nav = performance.getEntriesByType('navigation')[0];
          const fcp = performance.getEntriesByName('first-contentful-paint')[0];
          return {
            domContentLoadedMs: Math.round(nav.domContentLoadedEventEnd),
            firstContentfulPaintMs: Math.round(fcp?.startTime ?? 0),
          };
        });
        const bytes = {};
        for (const { kind: k, bytes: b = 0 } of requests.values()) bytes[k] = (bytes[k] ?? 0) + b;
        const total = Object.values(bytes).reduce((a, b) => a + b, 0);
        results.push({
          locale,
          viewport: viewportName,
          path,
          requests: requests.size,
          totalKB: Math.round(total / 1024),
          bytes,
          ...timing,
        });
        await context.close();
      }
    }
  }
  console.table(
    results.map((r) => ({
      locale: r.locale,
      viewport: r.viewport,
      page: r.path,
      requests: r.requests,
      'total KB': r.totalKB,
      'js KB': Math.round((r.bytes.js ?? 0) / 1024),
      'css KB': Math.round((r.bytes.css ?? 0) / 1024),
      'font KB': Math.round((r.bytes.font ?? 0) / 1024),
      'image KB': Math.round((r.bytes.image ?? 0) / 1024),
      'FCP ms': r.firstContentfulPaintMs,
    })),
  );
  const report = { date: new Date().toISOString(), node: process.version, results };
  writeResults('pages', report);
} finally {
  await browser.close();
  await server.stop();
}
