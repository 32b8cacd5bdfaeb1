// The read path against the machine's ceiling (issue 12): each request Sahifa serves, at 64
// connections, against a bare Fastify route answering the same bytes from memory, alternating
// the two in one run so the machine's noise hits both alike. Prints req/s, p50/p99 and the ratio
// (with the lowest and highest of its rounds' own ratios: how far one run can be trusted on this
// machine), and (Linux) each side's CPU time a request, which moves less with the load generator's queueing.
// Usage: npm run bench:ceiling  (BENCH_SECONDS per run, default 5; BENCH_ROUNDS, default 2;
//   BENCH_DATABASE_URL=postgres://… runs Sahifa on a fresh PostgreSQL database made there;
//   BENCH_ENGINES=sqlite,postgres with it runs one Sahifa on each, alternating with the ceiling,
//   and adds SQLite's req/s over PostgreSQL's (the goal: PostgreSQL within 2× of SQLite);
//   BENCH_INSTANCES=N runs N servers a side (each engine's and the ceiling's), all measured in
//   every round, since one server process can run ±15 % from another of the same code for its
//   whole life (docs/performance.md, 2026-11-28, fifteenth session); default 1;
//   BENCH_ONLY=post,like measures only the requests whose names contain one of these words;
//   BENCH_ACCEPT_ENCODING="gzip, deflate, br, zstd" asks for compressed answers as a browser does,
//   and the ceiling answers with the same compressed bytes;
//   BENCH_CEILING_HEADERS=1 has the ceiling send Sahifa's own headers too (its security headers,
//   cache-control, ETag…), to tell how much of the gap is what every answer must carry;
//   BENCH_WRITERS=64 sends the writes as 64 members in turn instead of the bench member alone;
//   BENCH_BOOKS=5000 runs Sahifa on the demo library plus 5,000 generated books, each holding a
//   demo book's text (bench/generate-library.ts): search's goal is set at 5,000 books)
// Results are printed and written to bench/results/ceiling-<engines>-<date>.json.
import { ceilingHeaders, recordAnswers, startBareRoute } from './bare-route.mjs';
import { startOnDataSet } from './data-set.mjs';
import { headersFor, measuredRun, onlyMeasured, prepareEndpoints } from './endpoints.mjs';
import { readMachine } from './machine.mjs';
import { writeResults } from './results.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 1);
const BOOKS = Number(process.env.BENCH_BOOKS ?? 0);
const CONNECTIONS = 64;
const postgresUrl = process.env.BENCH_DATABASE_URL;
const engines = process.env.BENCH_ENGINES?.split(',') ?? [postgresUrl ? 'postgres' : 'sqlite'];
if (engines.some((engine) => engine !== 'sqlite' && engine !== 'postgres'))
  throw new Error('BENCH_ENGINES names sqlite and postgres');
if (engines.includes('postgres') && !postgresUrl)
  throw new Error('BENCH_ENGINES=postgres needs BENCH_DATABASE_URL');
const acceptEncoding = process.env.BENCH_ACCEPT_ENCODING;
const headersOf = (endpoint, context) => ({
  ...headersFor(endpoint, context),
  ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
});

/** One run at `baseURL`; `pid`: the server's process, whose CPU time a request is measured (Linux). */
async function load(baseURL, pid, endpoint, headers) {
  const { result: run, cpu } = await measuredRun(
    baseURL + endpoint.path,
    pid,
    { method: endpoint.method, headers, body: endpoint.body, writers: endpoint.writers },
    { connections: CONNECTIONS, seconds: SECONDS },
  );
  const ok = run.non2xx === 0 && run.errors === 0;
  if (!ok) console.warn(`  ${baseURL}${endpoint.path}: ${run.non2xx} non-2xx, ${run.errors} errors`);
  return { rate: run.requests.average, p50: run.latency.p50, p99: run.latency.p99, cpu, ok };
}

/**
 * A Sahifa server on `engine` (and BENCH_BOOKS generated books), its bench member prepared;
 * stop() also drops its database.
 */
async function startSahifa(engine) {
  // TRUST_PROXY: the writes' X-Forwarded-For addresses count (see measuredRun).
  const { server, stop } = await startOnDataSet({
    label: `ceiling-${engine}`,
    generator: BOOKS > 0 ? 'generate-library.ts' : null,
    size: BOOKS,
    postgresUrl: engine === 'postgres' ? postgresUrl : undefined,
    env: { TRUST_PROXY: 'true' },
  });
  try {
    const { cookie, reads, writes } = await prepareEndpoints(server.baseURL, server.dataDir);
    const endpoints = onlyMeasured([...reads, ...writes]);
    return {
      engine,
      baseURL: server.baseURL,
      pid: server.pid,
      context: { baseURL: server.baseURL, cookie },
      endpoints,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

const machine = readMachine();
const sahifas = [];
const ceilings = [];
/** Per request: its bytes, and each side's runs (a side is an engine's Sahifa, or the ceiling). */
const rows = [];
try {
  for (let i = 0; i < INSTANCES; i++) for (const engine of engines) sahifas.push(await startSahifa(engine));
  // The ceiling answers with the bytes the first engine's server gave.
  const [first] = sahifas;
  const responses = await recordAnswers(first.baseURL, first.endpoints, (endpoint) =>
    headersOf(endpoint, first.context),
  );
  for (const [index, endpoint] of first.endpoints.entries()) {
    rows.push({
      endpoint,
      bytes: Buffer.byteLength(responses[index].body, 'base64'),
      runs: { ceiling: [], ...Object.fromEntries(engines.map((e) => [e, []])) },
    });
  }
  for (let i = 0; i < INSTANCES; i++) ceilings.push(await startBareRoute(responses));
  /** Each instance's ceiling, then its server on each engine: [side's name, instance, server]. */
  const sides = ceilings.flatMap((ceiling, i) => [
    ['ceiling', i, { ...ceiling, context: first.context, endpoints: first.endpoints }],
    ...sahifas
      .slice(i * engines.length, (i + 1) * engines.length)
      .map((sahifa) => [sahifa.engine, i, sahifa]),
  ]);

  // Every round of reads before the writes, so the reads see the same data in every round.
  const isRead = (row) => row.endpoint.method === 'GET';
  for (const group of [rows.filter(isRead), rows.filter((row) => !isRead(row))]) {
    for (let round = 0; round < ROUNDS; round++) {
      for (const row of group) {
        const index = rows.indexOf(row);
        for (const [name, instance, side] of round % 2 ? [...sides].reverse() : sides) {
          // Each server's own member: its profile and its thought have their own numbers.
          const endpoint = side.endpoints[index];
          const run = await load(side.baseURL, side.pid, endpoint, headersOf(endpoint, side.context));
          row.runs[name].push({ ...run, instance });
        }
        process.stdout.write('.');
      }
    }
  }
  process.stdout.write('\n');
} finally {
  for (const ceiling of ceilings) ceiling.stop();
  for (const sahifa of sahifas) await sahifa.stop();
}

const mean = (values) => values.reduce((sum, v) => sum + v, 0) / values.length;
/** The runs' mean CPU time a request in µs, or null where it could not be read. */
const cpuOf = (own) => (own.every((r) => r.cpu !== null) ? mean(own.map((r) => r.cpu)) : null);
/** Each server's mean req/s, in the order they were started. */
const eachServer = (own) =>
  [...new Set(own.map((r) => r.instance))].map((i) =>
    Math.round(mean(own.filter((r) => r.instance === i).map((r) => r.rate))),
  );
const results = rows.map(({ endpoint, bytes, runs }) => {
  const ceilingRate = mean(runs.ceiling.map((r) => r.rate));
  const onEngine = (engine) => {
    const own = runs[engine];
    const rate = mean(own.map((r) => r.rate));
    // The k-th run of each side was made in the same round, against the same instance's ceiling.
    const roundRatios = own.map((r, k) => r.rate / (runs.ceiling[k]?.rate ?? Number.NaN));
    return {
      rate: Math.round(rate),
      roundRatios,
      eachServer: eachServer(own),
      p50: mean(own.map((r) => r.p50)),
      p99: mean(own.map((r) => r.p99)),
      ratio: rate / ceilingRate,
      cpu: cpuOf(own),
      allOk: own.every((r) => r.ok),
    };
  };
  const sahifa = Object.fromEntries(engines.map((engine) => [engine, onEngine(engine)]));
  return {
    name: endpoint.name,
    method: endpoint.method,
    path: endpoint.path,
    bytes,
    ceiling: {
      rate: Math.round(ceilingRate),
      eachServer: eachServer(runs.ceiling),
      p99: mean(runs.ceiling.map((r) => r.p99)),
      cpu: cpuOf(runs.ceiling),
    },
    sahifa,
    ...(sahifa.sqlite && sahifa.postgres
      ? { sqliteOverPostgres: sahifa.sqlite.rate / sahifa.postgres.rate }
      : {}),
  };
});

const both = engines.length > 1;
/** A ratio as a whole percentage, without its sign. */
const percent = (ratio) => (ratio * 100).toFixed(0);
console.log(
  `\n${engines.join(' and ')}, ${INSTANCES} server(s) a side, ${CONNECTIONS} connections, ${SECONDS} s per run, ${ROUNDS} rounds${BOOKS > 0 ? `, ${BOOKS} generated books` : ''}${acceptEncoding ? `, accept-encoding: ${acceptEncoding}` : ''}${ceilingHeaders ? ", the ceiling with Sahifa's headers" : ''}\n`,
);
const heads = engines.flatMap((engine) => {
  const on = both ? ` (${engine})` : '';
  return [`Sahifa req/s${on}`, `p50 ms${on}`, `p99 ms${on}`, `ratio (each round's)${on}`];
});
console.log(
  `| endpoint | bytes | ceiling req/s | ${heads.join(' | ')} |${both ? ' SQLite ÷ PostgreSQL |' : ''}`,
);
console.log(`|---|---|---|${heads.map(() => '---|').join('')}${both ? '---|' : ''}`);
for (const r of results) {
  const cells = engines.flatMap((engine) => {
    const s = r.sahifa[engine];
    const flag = s.allOk ? '' : ' (errors)';
    const range = `${percent(Math.min(...s.roundRatios))}-${percent(Math.max(...s.roundRatios))}`;
    return [s.rate, s.p50.toFixed(1), s.p99.toFixed(1), `${percent(s.ratio)} % (${range})${flag}`];
  });
  const over = r.sqliteOverPostgres === undefined ? '' : ` ${r.sqliteOverPostgres.toFixed(2)} |`;
  console.log(`| ${r.name} | ${r.bytes} | ${r.ceiling.rate} | ${cells.join(' | ')} |${over}`);
}
if (results.every((r) => r.ceiling.cpu !== null)) {
  // req/s also depends on the load generator, which shares the machine; CPU time a request is
  // the server's own cost (the kernel's part of sending each answer included).
  console.log("\nCPU time a request, µs (user + system, from /proc), and the ceiling's over Sahifa's:\n");
  const cpuHeads = engines.flatMap((engine) =>
    both ? [engine, `ceiling ÷ ${engine}`] : ['Sahifa', 'ceiling ÷ Sahifa'],
  );
  console.log(`| endpoint | ceiling | ${cpuHeads.join(' | ')} |`);
  console.log(`|---|---|${cpuHeads.map(() => '---|').join('')}`);
  for (const r of results) {
    const cells = engines.flatMap((engine) => {
      const own = r.sahifa[engine].cpu ?? Number.NaN;
      return [own.toFixed(0), `${percent((r.ceiling.cpu ?? 0) / own)} %`];
    });
    console.log(`| ${r.name} | ${(r.ceiling.cpu ?? 0).toFixed(0)} | ${cells.join(' | ')} |`);
  }
}
if (INSTANCES > 1) {
  console.log("\nEach server's req/s, in the order started:");
  for (const r of results) {
    const each = [['ceiling', r.ceiling], ...engines.map((engine) => [engine, r.sahifa[engine]])]
      .map(([name, side]) => `${name} ${side.eachServer.join(', ')}`)
      .join('; ');
    console.log(`- ${r.name}: ${each}`);
  }
}
const report = {
  date: new Date().toISOString(),
  engines,
  machine,
  connections: CONNECTIONS,
  acceptEncoding: acceptEncoding ?? null,
  ceilingHeaders,
  seconds: SECONDS,
  rounds: ROUNDS,
  instances: INSTANCES,
  books: BOOKS,
  results,
};
writeResults(
  `ceiling-${engines.join('-')}${BOOKS > 0 ? `-books${BOOKS}` : ''}${acceptEncoding ? '-compressed' : ''}${ceilingHeaders ? '-headers' : ''}`,
  report,
);
