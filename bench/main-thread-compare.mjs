// A/B for a first visit, by the browser's own count of its main thread's work: pages of another
// checkout (before) and this one (after) loaded alternately in one run, each load in a browser
// context of its own (no cache, no service worker yet: a first visit), at a phone's width, unthrottled.
// After the page is quiet, Chromium's Performance.getMetrics gives the main thread's time in
// script, layout, style and all tasks. On a machine whose Lighthouse scores wander by ten points
// between runs (performance.md, thirty-fourth session), these are steadier than blocking time.
// Usage: node bench/main-thread-compare.mjs /path/to/other/checkout  (BENCH_ROUNDS, default 10;
//   BENCH_PATHS, default "/app/home,/app/philosophy/meditations"; pages under /app signed in)
import { launchChromium } from '../scripts/chromium.mjs';
import { sessionCookies } from './browser-session.mjs';
import { compareAlternately, startBoth } from './checkout-ab.mjs';

const other = process.argv[2];
if (!other) throw new Error('Usage: node bench/main-thread-compare.mjs /path/to/other/checkout');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const PATHS = (process.env.BENCH_PATHS ?? '/app/home,/app/philosophy/meditations').split(',');
const PHONE = { width: 390, height: 844 };

/** The page loaded once, fresh: the main thread's ms by kind, from Chromium's own counters. */
async function load(browser, { base, cookie }, path) {
  const context = await browser.newContext({ viewport: PHONE });
  try {
    if (cookie) await context.addCookies(sessionCookies(base, cookie));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const response = await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
    if (!response?.ok()) throw new Error(`${base}${path}: ${response?.status()}`);
    if (new URL(page.url()).pathname !== path) throw new Error(`${path} ended at ${page.url()}`);
    const { metrics } = await cdp.send('Performance.getMetrics');
    const ms = (name) => Math.round(1000 * (metrics.find((m) => m.name === name)?.value ?? Number.NaN));
    return {
      scriptMs: ms('ScriptDuration'),
      layoutMs: ms('LayoutDuration'),
      styleMs: ms('RecalcStyleDuration'),
      taskMs: ms('TaskDuration'),
    };
  } finally {
    await context.close();
  }
}

const servers = await startBoth(other, PATHS);
const browser = await launchChromium();
try {
  await compareAlternately(PATHS, ROUNDS, (side, path) => load(browser, servers[side], path));
} finally {
  await browser.close();
  for (const server of Object.values(servers)) server.stop();
}
