import { startOnDataSet } from './data-set.mjs';
import { headersFor, onlyMeasured, prepareEndpoints } from './endpoints.mjs';
import { runAutocannon } from './load.mjs';
import { readMachine } from './machine.mjs';
import { writeResults } from './results.mjs';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const BASELINE_SCALE = Number(process.env.BENCH_BASELINE_SCALE ?? 0);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = 64;
const postgresUrl = process.env.BENCH_DATABASE_URL;
const engine = postgresUrl ? 'postgres' : 'sqlite';
const cacheSeconds = process.env.BENCH_LIBRARY_CACHE_SECONDS;
/** The first member number handed out: the bench member on the demo library, the busiest generated member otherwise. */
const MEMBER_1001 = 1001;

/** Prepares a DATA_DIR (and database) holding the data set, starts a server on it, signs in. */
async function startDataSet(label, scale) {
  const { server, dataDir, stop } = await startOnDataSet({
    label: `growth-${label}`,
    generator: scale > 0 ? 'generate-growth.ts' : null,
    size: scale,
    postgresUrl,
    env: cacheSeconds !== undefined ? { LIBRARY_CACHE_SECONDS: cacheSeconds } : {},
  });
  try {
    const { cookie, reads } = await prepareEndpoints(server.baseURL, dataDir);
    return { label, server, cookie, reads, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Waits until the server has worked off what the last run left in flight (a slow request's
 * backlog would otherwise be paid by the next run): a health check answered within 50 ms.
 */
async function drain(baseURL) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const start = Date.now();
    await fetch(`${baseURL}/api/health`);
    if (Date.now() - start < 50) return;
  }
}

async function load(baseURL, endpoint, headers, seconds) {
  const run = await runAutocannon({
    url: baseURL + endpoint.path,
    connections: CONNECTIONS,
    duration: seconds,
    method: endpoint.method,
    headers,
  });
  await drain(baseURL);
  const ok = run.non2xx === 0 && run.errors === 0 && run.requests.total > 0;
  if (!ok) {
    console.warn(
      `  ${baseURL}${endpoint.path}: ${run.requests.total} answers, ${run.non2xx} non-2xx, ${run.errors} errors`,
    );
  }
  return {
    rate: run.requests.average,
    mean: run.latency.mean,
    p50: run.latency.p50,
    p99: run.latency.p99,
    ok,
  };
}

const machine = readMachine();
const sets = [];
const rows = [];
try {
  // Each server's own list (the bench member's profile has its own number on each).
  const busiest = {
    name:
      BASELINE_SCALE > 0
        ? 'profile of member 1001 (the busiest member)'
        : 'profile of member 1001 (demo: the bench member; 10×: the busiest member)',
    method: 'GET',
    path: `/api/v1/users/${MEMBER_1001}`,
    signedIn: true,
  };
  // BENCH_ONLY=profile: only those requests, as in bench:ceiling (one noisy row measured again).
  const endpointsOf = (set) => onlyMeasured([...set.reads, busiest]);
  sets.push(await startDataSet('demo', BASELINE_SCALE));
  // A BENCH_ONLY that names no request stops here, before the 10× data is generated.
  const listed = [endpointsOf(sets[0])];
  sets.push(await startDataSet('grown', SCALE));
  listed.push(endpointsOf(sets[1]));
  for (const [index, endpoint] of listed[0].entries()) {
    const row = { name: endpoint.name, endpoint: {}, demo: [], grown: [], bytes: {} };
    for (const [setIndex, set] of sets.entries()) {
      const own = listed[setIndex][index];
      if (own.name !== endpoint.name) throw new Error(`the two servers' requests differ: ${own.name}`);
      const response = await fetch(set.server.baseURL + own.path, {
        headers: headersFor(own, { baseURL: set.server.baseURL, cookie: set.cookie }),
      });
      if (!response.ok)
        throw new Error(`${set.label} ${own.path}: ${response.status} ${await response.text()}`);
      row.endpoint[set.label] = own;
      row.bytes[set.label] = (await response.arrayBuffer()).byteLength;
    }
    rows.push(row);
  }
  // A short run of each request first: statements prepared, caches and file pages warm on both.
  for (const row of rows) {
    for (const set of sets) {
      const endpoint = row.endpoint[set.label];
      const headers = headersFor(endpoint, { baseURL: set.server.baseURL, cookie: set.cookie });
      await load(set.server.baseURL, endpoint, headers, 1);
    }
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const row of rows) {
      for (const set of round % 2 ? [...sets].reverse() : sets) {
        const endpoint = row.endpoint[set.label];
        const headers = headersFor(endpoint, { baseURL: set.server.baseURL, cookie: set.cookie });
        row[set.label].push(await load(set.server.baseURL, endpoint, headers, SECONDS));
      }
      process.stdout.write('.');
    }
  }
  process.stdout.write('\n');
} catch (error) {
  // What the servers said is the first thing to read when a run fails.
  for (const set of sets) console.error(`\n${set.label} server output:\n${set.server.output().slice(-4000)}`);
  throw error;
} finally {
  for (const set of sets) await set.stop();
}

const mean = (values) => values.reduce((sum, v) => sum + v, 0) / values.length;
const summary = (runs) => ({
  rate: Math.round(mean(runs.map((r) => r.rate))),
  mean: mean(runs.map((r) => r.mean)),
  p50: mean(runs.map((r) => r.p50)),
  p99: mean(runs.map((r) => r.p99)),
  allOk: runs.every((r) => r.ok),
});
const results = rows.map(({ name, endpoint, demo, grown, bytes }) => {
  const d = summary(demo);
  const g = summary(grown);
  const paths = { demo: endpoint.demo.path, grown: endpoint.grown.path };
  return { name, paths, bytes, demo: d, grown: g, ratio: g.mean / d.mean };
});

console.log(
  `\n${engine}, scale ${SCALE}, ${CONNECTIONS} connections, ${SECONDS} s per run, ${ROUNDS} rounds` +
    (BASELINE_SCALE > 0 ? `, baseline: demo library + scale ${BASELINE_SCALE} ("demo" below)` : '') +
    (cacheSeconds !== undefined ? `, LIBRARY_CACHE_SECONDS=${cacheSeconds}` : '') +
    '\n',
);
console.log(
  '| endpoint | bytes demo / 10× | demo p50 ms | demo p99 ms | demo req/s | 10× p50 ms | 10× p99 ms | 10× req/s | 10× / demo (mean latency) |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const r of results) {
  const flag = r.demo.allOk && r.grown.allOk ? '' : ' (errors)';
  const over = r.ratio > 1.2 ? ' ✗' : '';
  console.log(
    `| ${r.name} | ${r.bytes.demo} / ${r.bytes.grown} | ${r.demo.p50.toFixed(1)} | ${r.demo.p99.toFixed(1)} | ${r.demo.rate} | ${r.grown.p50.toFixed(1)} | ${r.grown.p99.toFixed(1)} | ${r.grown.rate} | ${r.ratio.toFixed(2)}${over}${flag} |`,
  );
}
const report = {
  date: new Date().toISOString(),
  engine,
  scale: SCALE,
  baselineScale: BASELINE_SCALE,
  machine,
  connections: CONNECTIONS,
  seconds: SECONDS,
  rounds: ROUNDS,
  libraryCacheSeconds: cacheSeconds === undefined ? null : Number(cacheSeconds),
  results,
};
writeResults(
  `growth${engine === 'postgres' ? '-postgres' : ''}${cacheSeconds !== undefined ? `-cache${cacheSeconds}` : ''}${BASELINE_SCALE > 0 ? `-baseline${BASELINE_SCALE}` : ''}`,
  report,
);
