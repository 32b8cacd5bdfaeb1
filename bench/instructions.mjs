// Instructions a request (issue 12): each request Sahifa serves on SQLite, and the bare route
// answering the same bytes (the ceiling), counted by valgrind's callgrind. A count moves far less
// with the machine than req/s, but run it alone: a server can land in a slow state, 30-40 % higher
// on every request (two runs of three beside other work, one of six alone: docs/performance.md,
// twenty-fifth session), and a JIT compile or GC landing in a batch moves its total, so two
// commits are best told apart function by function (BENCH_BY_FUNCTION). req/s (bench:ceiling) stays the goal's measure. Counted: every
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
//   BENCH_CEILING_HEADERS=1 has the ceiling send Sahifa's own headers too; BENCH_BY_FUNCTION=1
//   also names where Sahifa's instructions went, function by function, beside the ceiling's
//   (the functions where Sahifa spends the most more than the ceiling first): the way to compare two
//   commits, run in each checkout; BENCH_HISTORY=500 first has Sahifa serve every request,
//   measured or not, that many times, as a server that has served every screen: the code all
//   routes share has then seen all their shapes, docs/performance.md, twenty-sixth session)
// Results are printed and written to bench/results/instructions-<date>.json.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalServer } from '../scripts/local-server.mjs';
import { ceilingHeaders, recordAnswers, startBareRoute } from './bare-route.mjs';
import { functionCosts } from './callgrind-functions.mjs';
import { headersFor, loadRun, onlyMeasured, prepareEndpoints } from './endpoints.mjs';
import { readMachine } from './machine.mjs';
import { median } from './median.mjs';
import { writeResults } from './results.mjs';

const WARMUP = Number(process.env.BENCH_WARMUP ?? 10_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2_000);
const BATCHES = Number(process.env.BENCH_BATCHES ?? 5);
const CONNECTIONS = 64;
const BY_FUNCTION = process.env.BENCH_BY_FUNCTION === '1';
const HISTORY = Number(process.env.BENCH_HISTORY ?? 0);
/** The functions kept in the results file for each request, the costliest first. */
const FUNCTIONS_KEPT = 300;

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
  // The JIT's code named in /tmp/perf-<pid>.map (callgrind-functions.mjs). It also turns on V8's
  // own log, kept out of the working directory ('+': a temporary file, deleted once closed).
  ...(BY_FUNCTION ? ['--perf-basic-prof', '--no-logfile-per-isolate', '--logfile=+'] : []),
];

/** Runs callgrind_control's `command` (--zero, --dump) on the server `pid`. */
const callgrindControl = (command, pid) =>
  execFileSync('callgrind_control', [command, String(pid)], { stdio: ['ignore', 'pipe', 'pipe'] });

/** Where V8 names the code it compiled (--perf-basic-prof): always in /tmp. */
const perfMapOf = (pid) => `/tmp/perf-${pid}.map`;

/** callgrind's dump of what `pid` ran since its counts were last zeroed. */
function dump(pid) {
  callgrindControl('--dump', pid);
  const prefix = `callgrind.${pid}.out.`;
  const last = Math.max(
    ...readdirSync(counts)
      .filter((name) => name.startsWith(prefix))
      .map((name) => Number(name.slice(prefix.length))),
  );
  return readFileSync(join(counts, `${prefix}${last}`), 'utf8');
}

/** The instructions in callgrind's `dump`. */
function total(dump) {
  const totals = /^totals: (\d+)$/m.exec(dump);
  if (!totals) throw new Error("no totals in callgrind's dump");
  return Number(totals[1]);
}

/** loadRun's request for `endpoint`, sent as `context`'s member. */
const requestOf = (endpoint, context) => ({
  method: endpoint.method,
  headers: headersFor(endpoint, context),
  body: endpoint.body,
  writers: endpoint.writers,
});

/**
 * Each batch's instructions a request, after the warm-up, for `endpoint` on `side`; with
 * `byFunction`, also each function's instructions a request over all the batches.
 */
async function countBatches(side, endpoint, { byFunction = false } = {}) {
  const url = side.baseURL + endpoint.path;
  const request = requestOf(endpoint, side.context);
  await loadRun(url, request, { connections: CONNECTIONS, amount: WARMUP });
  const batches = [];
  const functions = new Map();
  let requests = 0;
  for (let batch = 0; batch < BATCHES; batch++) {
    callgrindControl('--zero', side.pid);
    const run = await loadRun(url, request, { connections: CONNECTIONS, amount: REQUESTS });
    const counted = dump(side.pid);
    if (run.non2xx > 0 || run.errors > 0)
      throw new Error(`${url}: ${run.non2xx} non-2xx, ${run.errors} errors`);
    batches.push(total(counted) / run.requests.total);
    requests += run.requests.total;
    if (!byFunction) continue;
    const perfMap = readFileSync(perfMapOf(side.pid), 'utf8');
    for (const [name, cost] of functionCosts(counted, perfMap))
      functions.set(name, (functions.get(name) ?? 0) + cost);
  }
  const costliest = [...functions]
    .sort((a, b) => b[1] - a[1])
    .slice(0, FUNCTIONS_KEPT)
    .map(([name, cost]) => ({ name, instructions: Math.round(cost / requests) }));
  return { batches, functions: costliest };
}

/** Each function's instructions on both sides, the largest excess of Sahifa's over the ceiling's first. */
function moreThanTheCeiling(sahifaFunctions, ceilingFunctions) {
  const bare = new Map(ceilingFunctions.map(({ name, instructions }) => [name, instructions]));
  return sahifaFunctions
    .map(({ name, instructions }) => ({ name, sahifa: instructions, ceiling: bare.get(name) ?? 0 }))
    .sort((a, b) => b.sahifa - b.ceiling - (a.sahifa - a.ceiling));
}

const machine = readMachine();
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
  const endpoints = onlyMeasured([...reads, ...writes]);
  const context = { baseURL: sahifa.baseURL, cookie };
  if (HISTORY > 0) {
    console.log(`Serving every request ${HISTORY} times first…`);
    for (const endpoint of [...reads, ...writes])
      await loadRun(sahifa.baseURL + endpoint.path, requestOf(endpoint, context), {
        connections: CONNECTIONS,
        amount: HISTORY,
      });
  }
  const answers = await recordAnswers(sahifa.baseURL, endpoints, (endpoint) => headersFor(endpoint, context));
  ceiling = await startBareRoute(answers, node);
  for (const endpoint of endpoints) {
    const byFunction = { byFunction: BY_FUNCTION };
    const bareSide = await countBatches({ ...ceiling, context }, endpoint, byFunction);
    const ownSide = await countBatches({ ...sahifa, context }, endpoint, byFunction);
    const [bare, own, functions] = [bareSide.batches, ownSide.batches, ownSide.functions];
    results.push({
      name: endpoint.name,
      method: endpoint.method,
      path: endpoint.path,
      ceiling: bare,
      sahifa: own,
      ...(BY_FUNCTION ? { sahifaFunctions: functions, ceilingFunctions: bareSide.functions } : {}),
    });
    console.log(`  ${endpoint.name}: ceiling ${median(bare).toFixed(0)}, Sahifa ${median(own).toFixed(0)}`);
    if (!BY_FUNCTION) continue;
    console.log('    Sahifa  ceiling  function (where Sahifa spends the most more than the ceiling)');
    const excess = moreThanTheCeiling(functions, bareSide.functions).slice(0, 20);
    for (const { name, sahifa: mine, ceiling: theirs } of excess)
      console.log(`    ${String(mine).padStart(6)}  ${String(theirs).padStart(7)}  ${name.slice(0, 100)}`);
  }
} finally {
  ceiling?.stop();
  await sahifa.stop();
  rmSync(counts, { recursive: true, force: true });
  for (const pid of [sahifa.pid, ceiling?.pid])
    if (BY_FUNCTION && pid) rmSync(perfMapOf(pid), { force: true });
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
  machine,
  connections: CONNECTIONS,
  warmup: WARMUP,
  history: HISTORY,
  requests: REQUESTS,
  batches: BATCHES,
  ceilingHeaders,
  byFunction: BY_FUNCTION,
  results,
};
writeResults(`instructions${ceilingHeaders ? '-headers' : ''}${BY_FUNCTION ? '-by-function' : ''}`, report);
