// Instructions a request (issue 12): each request Sahifa serves on SQLite, and the bare route
// answering the same bytes (the ceiling), counted by valgrind's callgrind. A count does not move
// with what else the machine is doing, so this ratio reads the same on a noisy machine and a quiet
// one, and a change of 1 % shows; req/s (bench:ceiling) stays the goal's measure. Counted: every
// thread of the server process (V8's compiler and GC threads, SQLite), in user space; not the
// kernel's part of a request (reading it, writing the answer), nor PostgreSQL's own processes.
// Each request: a warm-up, then batches at 64 connections, each counted alone, and the median
// batch kept. Both servers run without V8's memory reducer: it goes by the clock, so it takes a
// process slowed down 50× by valgrind for an idle one, and its full GCs (a real server under load
// runs none) drop the maps V8's inline caches know, after which Sahifa's health check counted
// 125-129 thousand instructions instead of 84-94 (docs/performance.md, twenty-fourth session).
// Usage: npm run bench:instructions  (needs valgrind: apt-get install -y valgrind;
//   BENCH_WARMUP requests before counting, default 10000; BENCH_REQUESTS a batch, default 2000;
//   BENCH_BATCHES, default 5; BENCH_ONLY=health,preview as bench:ceiling;
//   BENCH_CEILING_HEADERS=1 has the ceiling send Sahifa's own headers too)
// Results are printed and written to bench/results/instructions-<date>.json.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from '../scripts/build-web.mjs';
import { startLocalServer } from '../scripts/local-server.mjs';
import { ceilingHeaders, recordAnswers, startBareRoute } from './bare-route.mjs';
import { headersFor, loadRun, measured, prepareEndpoints } from './endpoints.mjs';
import { median } from './median.mjs';

const WARMUP = Number(process.env.BENCH_WARMUP ?? 10_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2_000);
const BATCHES = Number(process.env.BENCH_BATCHES ?? 5);
const CONNECTIONS = 64;

try {
  execFileSync('valgrind', ['--version']);
} catch {
  throw new Error('bench:instructions needs valgrind (apt-get install -y valgrind)');
}
const counts = mkdtempSync(join(tmpdir(), 'sahifa-callgrind-'));
// --smc-check: V8 writes the code it runs (JIT) into memory that is not a file.
const node = [
  'valgrind',
  '--tool=callgrind',
  '--smc-check=all-non-file',
  `--callgrind-out-file=${join(counts, 'callgrind.%p.out')}`,
  `--log-file=${join(counts, 'valgrind.%p.log')}`,
  process.execPath,
  '--no-memory-reducer',
];

/** Runs callgrind_control's `command` (--zero, --dump) on the server `pid`. */
const callgrindControl = (command, pid) =>
  execFileSync('callgrind_control', [command, String(pid)], { stdio: ['ignore', 'pipe', 'pipe'] });

/** The instructions `pid` ran since its counts were last zeroed: callgrind dumps them to a file. */
function dumpCount(pid) {
  callgrindControl('--dump', pid);
  const prefix = `callgrind.${pid}.out.`;
  const last = Math.max(
    ...readdirSync(counts)
      .filter((name) => name.startsWith(prefix))
      .map((name) => Number(name.slice(prefix.length))),
  );
  const dump = readFileSync(join(counts, `${prefix}${last}`), 'utf8');
  const totals = /^totals: (\d+)$/m.exec(dump);
  if (!totals) throw new Error(`no totals in callgrind's dump ${prefix}${last}`);
  return Number(totals[1]);
}

/** Each batch's instructions a request, after the warm-up, for `endpoint` on `side`. */
async function countBatches(side, endpoint) {
  const url = side.baseURL + endpoint.path;
  const request = {
    method: endpoint.method,
    headers: headersFor(endpoint, side.context),
    body: endpoint.body,
    writers: endpoint.writers,
  };
  await loadRun(url, request, { connections: CONNECTIONS, amount: WARMUP });
  const batches = [];
  for (let batch = 0; batch < BATCHES; batch++) {
    callgrindControl('--zero', side.pid);
    const run = await loadRun(url, request, { connections: CONNECTIONS, amount: REQUESTS });
    const instructions = dumpCount(side.pid);
    if (run.non2xx > 0 || run.errors > 0)
      throw new Error(`${url}: ${run.non2xx} non-2xx, ${run.errors} errors`);
    batches.push(instructions / run.requests.total);
  }
  return batches;
}

const sahifa = await startLocalServer({
  // TRUST_PROXY: the writes' X-Forwarded-For addresses count (see loadRun).
  env: { TRUST_PROXY: 'true' },
  node,
  startupSeconds: 900,
});
let ceiling;
const results = [];
try {
  console.log(`Sahifa runs under callgrind (pid ${sahifa.pid}); preparing the bench member…`);
  const { cookie, reads, writes } = await prepareEndpoints(sahifa.baseURL, sahifa.dataDir);
  const endpoints = [...reads, ...writes].filter(measured);
  const context = { baseURL: sahifa.baseURL, cookie };
  const answers = await recordAnswers(sahifa.baseURL, endpoints, (endpoint) => headersFor(endpoint, context));
  ceiling = await startBareRoute(answers, node);
  for (const endpoint of endpoints) {
    const bare = await countBatches({ ...ceiling, context }, endpoint);
    const own = await countBatches({ ...sahifa, context }, endpoint);
    results.push({
      name: endpoint.name,
      method: endpoint.method,
      path: endpoint.path,
      ceiling: bare,
      sahifa: own,
    });
    console.log(`  ${endpoint.name}: ceiling ${median(bare).toFixed(0)}, Sahifa ${median(own).toFixed(0)}`);
  }
} finally {
  ceiling?.stop();
  await sahifa.stop();
  rmSync(counts, { recursive: true, force: true });
}

const thousands = (value) => (value / 1000).toFixed(1);
const range = (values) => `${thousands(Math.min(...values))}-${thousands(Math.max(...values))}`;
console.log(
  `\nThousands of instructions a request, median of ${BATCHES} batches of ${REQUESTS} (their range), after ${WARMUP} to warm up, ${CONNECTIONS} connections${ceilingHeaders ? ", the ceiling with Sahifa's headers" : ''}:\n`,
);
console.log('| endpoint | ceiling | Sahifa | ceiling ÷ Sahifa |');
console.log('|---|---|---|---|');
for (const r of results) {
  const [bare, own] = [median(r.ceiling), median(r.sahifa)];
  console.log(
    `| ${r.name} | ${thousands(bare)} (${range(r.ceiling)}) | ${thousands(own)} (${range(r.sahifa)}) | ${((bare / own) * 100).toFixed(0)} % |`,
  );
}
const report = {
  date: new Date().toISOString(),
  machine: { node: process.version, cpu: cpus()[0]?.model },
  connections: CONNECTIONS,
  warmup: WARMUP,
  requests: REQUESTS,
  batches: BATCHES,
  ceilingHeaders,
  results,
};
mkdirSync(join(root, 'bench/results'), { recursive: true });
const file = join(
  root,
  `bench/results/instructions${ceilingHeaders ? '-headers' : ''}-${report.date.slice(0, 10)}.json`,
);
writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
console.log(`\nWritten to ${file}`);
