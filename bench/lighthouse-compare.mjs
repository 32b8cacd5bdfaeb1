// A/B for a first visit: Lighthouse (its default mobile run, performance only, with CLS) on pages of
// another checkout (before) and this one (after), alternating in one run so the machine's noise
// hits both alike; prints each run and the medians. Pages under /app are visited signed in.
// Usage: node bench/lighthouse-compare.mjs /path/to/other/checkout  (BENCH_ROUNDS, default 5;
//   BENCH_PATHS, default "/,/about"; BENCH_ACCEPT_LANG=ar visits as a browser in that language;
//   each checkout builds its web app if it is stale, as `npm start` does)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { root } from '../scripts/build-web.mjs';
import { CHROMIUM_FLAGS } from '../scripts/chromium.mjs';
import { putSessionInJar } from './browser-session.mjs';
import { median } from './median.mjs';
import { BENCH_MEMBER, signUpMember } from './members.mjs';

const other = process.argv[2];
if (!other) throw new Error('Usage: node bench/lighthouse-compare.mjs /path/to/other/checkout');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PATHS = (process.env.BENCH_PATHS ?? '/,/about').split(',');
const ACCEPT_LANG = process.env.BENCH_ACCEPT_LANG;

const signedIn = (path) => path.startsWith('/app');
// The session is put in the browser once, for the whole run.
if (PATHS.some(signedIn) && !PATHS.every(signedIn))
  throw new Error('BENCH_PATHS: compare public pages and /app pages in separate runs');

/** `host`: each side its own, since a browser keeps cookies per host, not per port. */
async function start(checkout, host, port) {
  const dataDir = mkdtempSync(join(tmpdir(), 'sahifa-lh-compare-'));
  const base = `http://${host}:${port}`;
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: checkout,
    env: {
      ...process.env,
      NODE_ENV: '',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  while (
    !(await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null) throw new Error(`${checkout} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  const stop = () => {
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  const cookie = PATHS.some(signedIn) ? await signUpMember(base, dataDir, BENCH_MEMBER) : undefined;
  return { base, stop, cookie };
}

const servers = {
  before: await start(other, '127.0.0.1', 4601),
  after: await start(root, 'localhost', 4602),
};
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  // Both navigator.languages and Accept-Language (--lang alone changes neither, headless).
  chromeFlags: [...CHROMIUM_FLAGS, ...(ACCEPT_LANG ? [`--accept-lang=${ACCEPT_LANG}`] : [])],
});
for (const { base, cookie } of Object.values(servers))
  if (cookie) await putSessionInJar(chrome.port, base, cookie);
const runs = Object.fromEntries(
  PATHS.flatMap((path) => ['before', 'after'].map((side) => [`${path} ${side}`, []])),
);
try {
  for (let round = 0; round < ROUNDS; round++) {
    for (const path of PATHS) {
      for (const side of round % 2 ? ['after', 'before'] : ['before', 'after']) {
        const { lhr } = await lighthouse(`${servers[side].base}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        });
        if (lhr.runtimeError) {
          console.log(path, side, 'no figures:', lhr.runtimeError.code);
          continue;
        }
        if (signedIn(path) && !new URL(lhr.finalDisplayedUrl).pathname.startsWith('/app/'))
          throw new Error(`${path} ended at ${lhr.finalDisplayedUrl}: the session was not accepted`);
        const value = (id) => Math.round(lhr.audits[id].numericValue);
        const run = {
          performance: Math.round(lhr.categories.performance.score * 100),
          fcpMs: value('first-contentful-paint'),
          lcpMs: value('largest-contentful-paint'),
          tbtMs: value('total-blocking-time'),
          cls: Number(lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3)),
        };
        runs[`${path} ${side}`].push(run);
        console.log(path, side, JSON.stringify(run));
      }
    }
  }
} finally {
  await chrome.kill();
  for (const server of Object.values(servers)) server.stop();
}

console.log('\nmedians:');
for (const [key, list] of Object.entries(runs).filter(([, list]) => list.length > 0)) {
  const figures = Object.keys(list[0]).map((name) => `${name} ${median(list.map((run) => run[name]))}`);
  console.log(`${key}: ${figures.join(', ')} (${list.length} runs)`);
}
