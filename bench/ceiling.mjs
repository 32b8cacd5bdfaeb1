// The read path against the machine's ceiling (issue 12): each request Sahifa serves, at 64
// connections, against a bare Fastify route answering the same bytes from memory, alternating
// the two in one run so the machine's noise hits both alike. Prints req/s, p50/p99 and the ratio.
// Usage: npm run bench:ceiling  (BENCH_SECONDS per run, default 5; BENCH_ROUNDS, default 2;
//   BENCH_DATABASE_URL=postgres://… runs Sahifa on a fresh PostgreSQL database made there;
//   BENCH_ONLY=post,like measures only the requests whose names contain one of these words;
//   BENCH_ACCEPT_ENCODING="gzip, deflate, br, zstd" asks for compressed answers as a browser does,
//   and the ceiling answers with the same compressed bytes)
// Results are printed and written to bench/results/ceiling-<engine>-<date>.json.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import pg from 'pg';
import { root } from '../scripts/build-web.mjs';
import { startLocalServer } from '../scripts/local-server.mjs';
import { headersFor, prepareEndpoints } from './endpoints.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = 64;
const postgresUrl = process.env.BENCH_DATABASE_URL;
const only = process.env.BENCH_ONLY?.split(',');
const measured = (endpoint) => !only || only.some((word) => endpoint.name.includes(word));
const acceptEncoding = process.env.BENCH_ACCEPT_ENCODING;
const engine = postgresUrl ? 'postgres' : 'sqlite';
const headersOf = (endpoint, context) => ({
  ...headersFor(endpoint, context),
  ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
});

/** One answer as it came over the wire (fetch would decompress it). */
function record(url, { method, headers, body }) {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ response, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** A fresh PostgreSQL database for this run, dropped at the end. */
async function freshPostgres(url) {
  const name = `sahifa_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const databaseUrl = new URL(url);
  databaseUrl.pathname = `/${name}`;
  const drop = async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
  return { url: databaseUrl.toString(), drop };
}

/** Starts the bare server on the recorded responses; resolves with its base URL and a stop(). */
async function startCeiling(responses) {
  const dir = mkdtempSync(join(tmpdir(), 'sahifa-ceiling-'));
  const file = join(dir, 'responses.json');
  writeFileSync(file, JSON.stringify(responses));
  const child = spawn(process.execPath, [join(root, 'bench/ceiling-server.mjs'), file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const port = await new Promise((resolve, reject) => {
    lines.once('line', (line) => resolve(line.split(' ')[1]));
    child.once('exit', (code) => reject(new Error(`the ceiling server exited (${code})`)));
  });
  return { baseURL: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

/** Each write comes from its own address, so the per-address write limit is not what is measured. */
let address = 0;
const nextAddress = () => {
  address++;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

async function load(baseURL, endpoint, headers) {
  const write = endpoint.method !== 'GET';
  const run = await autocannon({
    url: baseURL + endpoint.path,
    connections: CONNECTIONS,
    duration: SECONDS,
    method: endpoint.method,
    headers,
    body: endpoint.body,
    requests: write
      ? [
          {
            setupRequest: (request) => ({
              ...request,
              headers: { ...request.headers, 'x-forwarded-for': nextAddress() },
            }),
          },
        ]
      : undefined,
  });
  const ok = run.non2xx === 0 && run.errors === 0;
  if (!ok) console.warn(`  ${baseURL}${endpoint.path}: ${run.non2xx} non-2xx, ${run.errors} errors`);
  return { rate: run.requests.average, p50: run.latency.p50, p99: run.latency.p99, ok };
}

const database = postgresUrl ? await freshPostgres(postgresUrl) : null;
// TRUST_PROXY: the writes' X-Forwarded-For addresses count (see nextAddress).
const sahifa = await startLocalServer({
  env: { TRUST_PROXY: 'true', ...(database ? { DATABASE_URL: database.url } : {}) },
});
let ceiling = null;
const rows = [];
try {
  const prepared = await prepareEndpoints(sahifa.baseURL, sahifa.dataDir);
  const { cookie } = prepared;
  const reads = prepared.reads.filter(measured);
  const writes = prepared.writes.filter(measured);
  const endpoints = [...reads, ...writes];
  const context = { baseURL: sahifa.baseURL, cookie };
  const responses = [];
  for (const endpoint of endpoints) {
    const { response, body } = await record(sahifa.baseURL + endpoint.path, {
      method: endpoint.method,
      headers: headersOf(endpoint, context),
      body: endpoint.body,
    });
    const status = response.statusCode ?? 0;
    if (status >= 300) throw new Error(`${endpoint.path}: ${status} ${body}`);
    responses.push({
      method: endpoint.method,
      path: endpoint.path,
      status,
      contentType: response.headers['content-type'] ?? 'application/json',
      contentEncoding: response.headers['content-encoding'] ?? null,
      body: body.toString('base64'),
    });
    rows.push({ endpoint, bytes: body.length, sahifa: [], ceiling: [] });
  }
  ceiling = await startCeiling(responses);

  // Every round of reads before the writes, so the reads see the same data in every round.
  for (const group of [rows.slice(0, reads.length), rows.slice(reads.length)]) {
    for (let round = 0; round < ROUNDS; round++) {
      for (const row of group) {
        const headers = headersOf(row.endpoint, context);
        for (const side of round % 2 ? ['sahifa', 'ceiling'] : ['ceiling', 'sahifa']) {
          const base = side === 'sahifa' ? sahifa.baseURL : ceiling.baseURL;
          row[side].push(await load(base, row.endpoint, headers));
        }
        process.stdout.write('.');
      }
    }
  }
  process.stdout.write('\n');
} finally {
  ceiling?.stop();
  await sahifa.stop();
  await database?.drop();
}

const mean = (values) => values.reduce((sum, v) => sum + v, 0) / values.length;
const results = rows.map(({ endpoint, bytes, sahifa: s, ceiling: c }) => ({
  name: endpoint.name,
  method: endpoint.method,
  path: endpoint.path,
  bytes,
  sahifa: {
    rate: Math.round(mean(s.map((r) => r.rate))),
    p50: mean(s.map((r) => r.p50)),
    p99: mean(s.map((r) => r.p99)),
  },
  ceiling: { rate: Math.round(mean(c.map((r) => r.rate))), p99: mean(c.map((r) => r.p99)) },
  ratio: mean(s.map((r) => r.rate)) / mean(c.map((r) => r.rate)),
  allOk: s.every((r) => r.ok),
}));

console.log(
  `\n${engine}, ${CONNECTIONS} connections, ${SECONDS} s per run, ${ROUNDS} rounds${acceptEncoding ? `, accept-encoding: ${acceptEncoding}` : ''}\n`,
);
console.log('| endpoint | bytes | Sahifa req/s | p50 ms | p99 ms | ceiling req/s | ratio |');
console.log('|---|---|---|---|---|---|---|');
for (const r of results) {
  const flag = r.allOk ? '' : ' (errors)';
  console.log(
    `| ${r.name} | ${r.bytes} | ${r.sahifa.rate} | ${r.sahifa.p50.toFixed(1)} | ${r.sahifa.p99.toFixed(1)} | ${r.ceiling.rate} | ${(r.ratio * 100).toFixed(0)} %${flag} |`,
  );
}
const report = {
  date: new Date().toISOString(),
  engine,
  machine: { node: process.version, cpus: cpus().length, cpu: cpus()[0]?.model },
  connections: CONNECTIONS,
  acceptEncoding: acceptEncoding ?? null,
  seconds: SECONDS,
  rounds: ROUNDS,
  results,
};
mkdirSync(join(root, 'bench/results'), { recursive: true });
const file = join(
  root,
  `bench/results/ceiling-${engine}${acceptEncoding ? '-compressed' : ''}-${report.date.slice(0, 10)}.json`,
);
writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
console.log(`\nWritten to ${file}`);
