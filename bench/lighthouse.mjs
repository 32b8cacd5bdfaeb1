// Lighthouse benchmark: the four pages a person meets first (landing, about, a member's home and
// the reader), audited as Lighthouse's default mobile run does (Moto G-class phone, simulated slow
// 4G and 4× CPU slowdown) in Debian's Chromium against a fresh local server started as `npm start`
// does (SQLite, demo library). Signed-in pages carry a bench member's session cookie.
// The CPU slowdown is fitted to this machine first, as Lighthouse's docs ask (bench/cpu-slowdown.mjs,
// decision 031): Lighthouse's reading of the machine (`benchmarkIndex`) five times, the median.
// Usage: npm run bench:lighthouse  (BENCH_RUNS=N runs each page N times and reports the median;
// BENCH_CPU_SLOWDOWN=4 slows the CPU by that much instead, 4 being Lighthouse's default; results
// printed and written to bench/results/lighthouse-<date>.json)
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS } from '../scripts/chromium.mjs';
import { startLocalServer } from '../scripts/local-server.mjs';
import { putSessionInJar } from './browser-session.mjs';
import { cpuSlowdownFor } from './cpu-slowdown.mjs';
import { readMachine } from './machine.mjs';
import { median } from './median.mjs';
import { BENCH_MEMBER, signUpMember } from './members.mjs';
import { writeResults } from './results.mjs';

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 1));
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const pages = [
  { name: 'landing', path: '/', signedIn: false },
  { name: 'about', path: '/about', signedIn: false },
  { name: 'home', path: '/app/home', signedIn: true },
  { name: 'reader', path: '/app/philosophy/meditations', signedIn: true },
];

/** The figures of one Lighthouse run that the table and the report keep. */
function figuresOf(lhr) {
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [
      id,
      lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100),
    ]),
  );
  const numeric = (id) => lhr.audits[id]?.numericValue ?? null;
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  const failing = Object.fromEntries(
    CATEGORIES.filter((id) => id !== 'performance').map((id) => [
      id,
      (lhr.categories[id]?.auditRefs ?? [])
        .filter((ref) => lhr.audits[ref.id]?.score !== null && lhr.audits[ref.id]?.score < 1)
        .map((ref) => (ref.weight > 0 ? ref.id : `${ref.id} (unweighted)`)),
    ]),
  );
  return {
    finalUrl: lhr.finalDisplayedUrl,
    scores,
    lcpMs: numeric('largest-contentful-paint'),
    fcpMs: numeric('first-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    tbtMs: numeric('total-blocking-time'),
    speedIndexMs: numeric('speed-index'),
    lcpElement:
      lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
    layoutShifts: (lhr.audits['layout-shifts']?.details?.items ?? []).map((item) => ({
      score: item.score,
      node: item.node?.snippet ?? null,
    })),
    lcpPhases: Object.fromEntries(
      (lhr.audits['largest-contentful-paint-element']?.details?.items?.[1]?.items ?? []).map((p) => [
        p.phase,
        p.timing,
      ]),
    ),
    jsBytes: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    jsRequests: scripts.length,
    scripts: scripts.map((r) => ({
      url: r.url.replace(/^https?:\/\/[^/]+/, ''),
      transferSize: r.transferSize,
    })),
    failingAudits: failing,
    runtimeError: lhr.runtimeError?.message ?? null,
    warnings: lhr.runWarnings,
    // Lighthouse's own reading of this machine's CPU in this run (the slowdown was fitted to it
    // before the runs; it moves between readings).
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
  };
}

function summarise(runs) {
  const pick = (get) => median(runs.map(get));
  return {
    scores: Object.fromEntries(CATEGORIES.map((id) => [id, pick((r) => r.scores[id])])),
    lcpMs: pick((r) => r.lcpMs),
    fcpMs: pick((r) => r.fcpMs),
    cls: pick((r) => r.cls),
    tbtMs: pick((r) => r.tbtMs),
    speedIndexMs: pick((r) => r.speedIndexMs),
    jsBytes: pick((r) => r.jsBytes),
    benchmarkIndex: pick((r) => r.benchmarkIndex),
  };
}

/** One Lighthouse run of `url`, the CPU slowed `cpuSlowdownMultiplier` times. */
function audit(url, cpuSlowdownMultiplier, onlyCategories = CATEGORIES) {
  return lighthouse(url, {
    port: chrome.port,
    logLevel: 'error',
    output: 'json',
    onlyCategories,
    // Lighthouse's defaults but for the CPU's slowdown: mobile form factor and screen, simulated
    // throttling (slow 4G).
    formFactor: 'mobile',
    throttling: { cpuSlowdownMultiplier },
  });
}

/** BENCH_CPU_SLOWDOWN, or the slowdown that makes this machine stand for Lighthouse's phone. */
async function chooseCpuSlowdown(url) {
  if (process.env.BENCH_CPU_SLOWDOWN) {
    const slowdown = Number(process.env.BENCH_CPU_SLOWDOWN);
    if (!(slowdown >= 1))
      throw new Error(`BENCH_CPU_SLOWDOWN=${process.env.BENCH_CPU_SLOWDOWN}: a number, 1 or more`);
    return { slowdown, readings: [] };
  }
  const readings = [];
  for (let i = 0; i < 5; i++) {
    const { lhr } = (await audit(url, 4, ['performance'])) ?? {};
    readings.push(lhr?.environment?.benchmarkIndex);
  }
  return { slowdown: cpuSlowdownFor(median(readings) ?? Number.NaN), readings };
}

const machine = readMachine();
const server = await startLocalServer();
const { baseURL, dataDir } = server;
let chrome;
// Interrupted (Ctrl-C, a kill): the browser and the server go too, not left running.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    await chrome?.kill();
    await server.stop();
    process.exit(130);
  });
}
try {
  const cookie = await signUpMember(baseURL, dataDir, BENCH_MEMBER);
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROMIUM_FLAGS,
  });
  const { slowdown, readings } = await chooseCpuSlowdown(`${baseURL}/about`);
  const slowdownRounded = Math.round(slowdown * 10) / 10;
  console.log(
    readings.length
      ? `CPU slowed ${slowdownRounded}x: this machine's benchmarkIndex read ${readings.map(Math.round).join(', ')}`
      : `CPU slowed ${slowdownRounded}x (BENCH_CPU_SLOWDOWN)`,
  );
  const results = [];
  // The public pages come first, visited without the session; it goes in before the first member page.
  const firstMemberPage = pages.find((page) => page.signedIn);
  for (const page of pages) {
    if (page === firstMemberPage) await putSessionInJar(chrome.port, baseURL, cookie);
    const runs = [];
    for (let run = 0; run < RUNS; run++) {
      // A run whose trace Chromium failed to record (Lighthouse's runtimeError) is made again.
      let result;
      for (let attempt = 0; attempt < 3 && (!result || result.lhr.runtimeError); attempt++) {
        result = await audit(`${baseURL}${page.path}`, slowdown);
      }
      if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
      const figures = figuresOf(result.lhr);
      if (process.env.BENCH_SAVE_LHR) {
        mkdirSync(process.env.BENCH_SAVE_LHR, { recursive: true });
        writeFileSync(
          join(process.env.BENCH_SAVE_LHR, `${page.name}-${run + 1}.json`),
          JSON.stringify(result.lhr),
        );
      }
      if (figures.runtimeError) console.warn(`${page.path}: ${figures.runtimeError}`);
      if (page.signedIn && !new URL(figures.finalUrl).pathname.startsWith('/app/')) {
        throw new Error(`${page.path} ended at ${figures.finalUrl}: the session cookie was not accepted`);
      }
      runs.push(figures);
    }
    results.push({
      page: page.name,
      path: page.path,
      signedIn: page.signedIn,
      median: summarise(runs),
      runs,
    });
  }

  console.table(
    results.map(({ page, median: m }) => ({
      page,
      perf: m.scores.performance,
      a11y: m.scores.accessibility,
      'best pr.': m.scores['best-practices'],
      seo: m.scores.seo,
      'LCP ms': Math.round(m.lcpMs ?? 0),
      CLS: Number((m.cls ?? 0).toFixed(3)),
      'TBT ms': Math.round(m.tbtMs ?? 0),
      'JS KB': Math.round((m.jsBytes ?? 0) / 1024),
      'CPU index': Math.round(m.benchmarkIndex ?? 0),
    })),
  );
  // The machine's speed moves while the runs go on: what their own readings would have asked for.
  const during = median(results.flatMap(({ runs }) => runs.map((r) => r.benchmarkIndex)));
  if (during !== null) {
    console.log(
      `The runs' own benchmarkIndex, median ${Math.round(during)}, would give ${cpuSlowdownFor(during).toFixed(1)}x.`,
    );
  }
  for (const { page, runs } of results) {
    const failing = [...new Set(runs.flatMap((r) => Object.values(r.failingAudits).flat()))];
    if (failing.length) console.log(`${page}: failing audits: ${failing.join(', ')}`);
  }

  const report = {
    date: new Date().toISOString(),
    machine,
    lighthouse: createRequire(import.meta.url)('lighthouse/package.json').version,
    chromium: await chromeVersion(chrome.port),
    runsPerPage: RUNS,
    cpuSlowdown: { multiplier: slowdown, benchmarkIndexReadings: readings },
    results,
  };
  writeResults('lighthouse', report);
} finally {
  await chrome?.kill();
  await server.stop();
}

async function chromeVersion(port) {
  try {
    const version = await fetch(`http://127.0.0.1:${port}/json/version`).then((r) => r.json());
    return version.Browser;
  } catch {
    return null;
  }
}
