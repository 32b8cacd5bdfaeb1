// A/B: the member screens' requests against another checkout (before) and this one (after),
// alternating, in one run, so the machine's noise hits both alike. Both serve the API only,
// on a fresh SQLite DATA_DIR with the demo library and the bench member's 30 thoughts. Prints
// req/s and the server's CPU time per request (Linux): the first moves ±10 % between two runs
// of the same code on these machines, the second less (±5 %), so small gains show in it.
// One server process can also run 10-15 % faster or slower than another of the same code for
// its whole life (measured 2026-11-27, docs/performance.md; 40 % slower after a burst at its
// start before decision 023), so each side runs several, started in turn, and every one of them
// is measured in every round.
// Usage: node bench/compare.mjs /path/to/other/checkout   (it needs its own `npm install`)
//   BENCH_PATHS=/api/health,/api/v1/books other requests (comma-separated; ME stands for the
//   bench member's number); BENCH_CONNECTIONS (10); BENCH_INSTANCES servers a side (3);
//   BENCH_START_CONNECTIONS=512: as soon as it answers, each server gets /api/health at that
//   many connections for BENCH_SECONDS (a server restarted behind a busy balancer);
//   BENCH_WRITES=progress,like also measures bench:ceiling's writes whose names hold these words;
//   BENCH_DATABASE_URL=postgres://… runs every server on a fresh PostgreSQL database made there;
//   BENCH_WEB=1: each side serves its own checkout's web build (run `npm run build` in both), and
//   each path is asked for as a browser asks for a page (Accept: text/html…, brotli), so the
//   build's files and pages are measured too: BENCH_PATHS=/assets/index-….js,/no/such/page
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from '../scripts/build-web.mjs';
import { headersFor, measuredRun, prepareEndpoints } from './endpoints.mjs';
import { freshPostgres } from './fresh-postgres.mjs';
import { runAutocannon } from './load.mjs';

const other = process.argv[2];
if (!other) throw new Error('Usage: node bench/compare.mjs /path/to/other/checkout');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 3);
const START_CONNECTIONS = Number(process.env.BENCH_START_CONNECTIONS ?? 0);
const PATHS = process.env.BENCH_PATHS?.split(',') ?? [
  '/api/v1/books/meditations',
  '/api/v1/books/meditations/read',
  '/api/v1/books',
  '/api/v1/search?q=wisdom',
];
const WRITES = process.env.BENCH_WRITES?.split(',') ?? [];
const WEB = process.env.BENCH_WEB === '1';
const AS_A_BROWSER = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'accept-encoding': 'br, gzip' };
const postgresUrl = process.env.BENCH_DATABASE_URL;
/** What is measured: the paths, then the writes, each by its name here. */
const MEASURES = [...PATHS, ...WRITES];

async function start(checkout, port) {
  const base = `http://localhost:${port}`;
  // A server left by an interrupted run would answer in this one's place, from its own data.
  if (
    await fetch(`${base}/api/health`).then(
      () => true,
      () => false,
    )
  )
    throw new Error(`${base} already answers: a server from an earlier run? Stop it first.`);
  const dataDir = mkdtempSync(join(tmpdir(), 'sahifa-compare-'));
  const database = postgresUrl ? await freshPostgres(postgresUrl, 'compare') : null;
  // The server in this process (not under tsx's CLI, which runs it in a child): its CPU is read.
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: checkout,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      ...(WEB ? {} : { WEB_DIST_DIR: join(dataDir, 'no-web') }),
      // The writes' X-Forwarded-For addresses count (see measuredRun).
      TRUST_PROXY: 'true',
      ...(database ? { DATABASE_URL: database.url } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (
    let i = 0;
    i < 300 &&
    !(await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    ));
    i++
  ) {
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  if (START_CONNECTIONS > 0)
    await runAutocannon({ url: `${base}/api/health`, connections: START_CONNECTIONS, duration: SECONDS });
  const { cookie, userNumber, writes } = await prepareEndpoints(base, dataDir);
  /** Each measure's request on this server (its own member's number and thought). */
  const requests = Object.fromEntries([
    ...PATHS.map((path) => [
      path,
      {
        method: 'GET',
        path: path.replace('ME', String(userNumber)),
        headers: { cookie, ...(WEB ? AS_A_BROWSER : {}) },
      },
    ]),
    ...WRITES.map((word) => {
      const endpoint = writes.find((write) => write.name.includes(word));
      if (!endpoint) throw new Error(`no write named like ${word}: ${writes.map((w) => w.name).join(', ')}`);
      return [word, { ...endpoint, headers: headersFor(endpoint, { baseURL: base, cookie }) }];
    }),
  ]);
  const stop = async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  };
  return { base, requests, pid: child.pid, stop };
}

/** Each side's servers, started in turn: before, after, after, before, before, after… */
const servers = [];
for (let i = 0; i < INSTANCES; i++) {
  for (const name of i % 2 ? ['after', 'before'] : ['before', 'after']) {
    servers.push({ name, ...(await start(name === 'before' ? other : root, 4101 + servers.length)) });
  }
}
// Each server's rates and CPU per request, per measure; a side's are its servers' together. The
// rates are printed per server too, so one that runs unlike its siblings shows (see the header).
for (const server of servers) {
  server.rates = Object.fromEntries(MEASURES.map((measure) => [measure, []]));
  server.cpu = Object.fromEntries(MEASURES.map((measure) => [measure, []]));
}
try {
  /**
   * Each measure's status, the same from every server (an unknown page's is a 404): a side that
   * answers otherwise is not serving the same thing, and is not compared.
   */
  const statuses = {};
  for (const measure of MEASURES) {
    /** Each server's status, by its side's name. */
    const seen = [];
    for (const { name, base, requests } of servers) {
      const { path, ...request } = requests[measure];
      // A write is sent only under load (it would change what the load then finds).
      if (request.method !== 'GET') continue;
      const response = await fetch(base + path, { method: request.method, headers: request.headers });
      await response.arrayBuffer();
      seen.push({ name, status: String(response.status) });
    }
    const codes = new Set(seen.map((server) => server.status));
    if (codes.size > 1)
      throw new Error(
        `${measure}: the servers answer differently (${seen.map((server) => `${server.name} ${server.status}`).join(', ')})`,
      );
    statuses[measure] = [...codes][0];
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const measure of MEASURES) {
      for (const server of round % 2 ? [...servers].reverse() : servers) {
        const { name, base, requests, pid } = server;
        const { path } = requests[measure];
        const { result, cpu } = await measuredRun(base + path, pid, requests[measure], {
          connections: CONNECTIONS,
          seconds: SECONDS,
        });
        const status = statuses[measure];
        const answered = Object.keys(result.statusCodeStats ?? {});
        if (status ? answered.some((code) => code !== status) : result.non2xx)
          throw new Error(`${name} ${measure}: answers ${answered.join(', ')}, not only ${status ?? '2xx'}`);
        server.rates[measure].push(result.requests.average);
        if (cpu !== null) server.cpu[measure].push(cpu);
      }
    }
  }
} finally {
  for (const server of servers) await server.stop();
}
const mean = (values) => values.reduce((sum, v) => sum + v, 0) / values.length;
for (const measure of MEASURES) {
  const side = (name) => servers.filter((server) => server.name === name);
  /** One side's measures of `key` ('rates' or 'cpu') for this measure, all its servers together. */
  const of = (name, key) => side(name).flatMap((server) => server[key][measure]);
  const [before, after] = [of('before', 'rates'), of('after', 'rates')];
  const cpu = { before: of('before', 'cpu'), after: of('after', 'cpu') };
  const cpuText =
    cpu.before.length > 0
      ? `; CPU per request ${mean(cpu.before).toFixed(0)} µs → ${mean(cpu.after).toFixed(0)} µs, after/before ${(mean(cpu.after) / mean(cpu.before)).toFixed(2)}`
      : '';
  console.log(
    `${measure}: before ${mean(before).toFixed(0)} req/s, after ${mean(after).toFixed(0)} req/s, after/before ${(mean(after) / mean(before)).toFixed(2)}${cpuText}`,
  );
  const each = (name) =>
    side(name)
      .map((server) => mean(server.rates[measure]).toFixed(0))
      .join(', ');
  console.log(`  each server, req/s: before ${each('before')}; after ${each('after')}`);
}
