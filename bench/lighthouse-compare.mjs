// A/B for a first visit: Lighthouse (its default mobile run, performance only, with CLS) on pages of
// another checkout (before) and this one (after), alternating in one run so the machine's noise
// hits both alike; prints each run and the medians. Pages under /app are visited signed in.
// Usage: node bench/lighthouse-compare.mjs /path/to/other/checkout  (BENCH_ROUNDS, default 5;
//   BENCH_PATHS, default "/,/about"; BENCH_ACCEPT_LANG=ar visits as a browser in that language;
//   each checkout builds its web app if it is stale, as `npm start` does)
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS } from '../scripts/chromium.mjs';
import { putSessionInJar } from './browser-session.mjs';
import { compareAlternately, signedIn, startBoth } from './checkout-ab.mjs';

const other = process.argv[2];
if (!other) throw new Error('Usage: node bench/lighthouse-compare.mjs /path/to/other/checkout');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PATHS = (process.env.BENCH_PATHS ?? '/,/about').split(',');
const ACCEPT_LANG = process.env.BENCH_ACCEPT_LANG;

const servers = await startBoth(other, PATHS);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  // Both navigator.languages and Accept-Language (--lang alone changes neither, headless).
  chromeFlags: [...CHROMIUM_FLAGS, ...(ACCEPT_LANG ? [`--accept-lang=${ACCEPT_LANG}`] : [])],
});
for (const { base, cookie } of Object.values(servers))
  if (cookie) await putSessionInJar(chrome.port, base, cookie);
try {
  await compareAlternately(PATHS, ROUNDS, async (side, path) => {
    const { lhr } = await lighthouse(`${servers[side].base}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    if (lhr.runtimeError) {
      console.log(path, side, 'no figures:', lhr.runtimeError.code);
      return null;
    }
    if (signedIn(path) && !new URL(lhr.finalDisplayedUrl).pathname.startsWith('/app/'))
      throw new Error(`${path} ended at ${lhr.finalDisplayedUrl}: the session was not accepted`);
    const value = (id) => Math.round(lhr.audits[id].numericValue);
    return {
      performance: Math.round(lhr.categories.performance.score * 100),
      fcpMs: value('first-contentful-paint'),
      lcpMs: value('largest-contentful-paint'),
      tbtMs: value('total-blocking-time'),
      cls: Number(lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3)),
    };
  });
} finally {
  await chrome.kill();
  for (const server of Object.values(servers)) server.stop();
}
