// API load benchmark: starts the app as `npm start` does (SQLite, fresh DATA_DIR, demo library)
// on a free local port, then drives each endpoint with autocannon for a fixed time.
// Usage: npm run bench  (results printed and written to bench/results/api-<date>.json)
import { startLocalServer } from '../scripts/local-server.mjs';
import { runAutocannon } from './load.mjs';
import { readMachine } from './machine.mjs';
import { writeResults } from './results.mjs';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const targets = [
  { name: 'health (DB round trip)', path: '/api/health' },
  { name: 'library overview', path: '/api/v1/library/overview' },
  { name: 'landing page HTML', path: '/', headers: { accept: 'text/html' } },
];

const machine = readMachine();
const server = await startLocalServer();
const { baseURL } = server;

try {
  const results = [];
  for (const target of targets) {
    const run = await runAutocannon({
      url: `${baseURL}${target.path}`,
      headers: target.headers,
      connections: CONNECTIONS,
      duration: DURATION_SECONDS,
    });
    results.push({
      name: target.name,
      path: target.path,
      requestsPerSecond: Math.round(run.requests.average),
      latencyMs: { p50: run.latency.p50, p99: run.latency.p99 },
      non2xx: run.non2xx,
      errors: run.errors,
    });
  }

  console.table(
    results.map((r) => ({
      endpoint: r.name,
      'req/s': r.requestsPerSecond,
      'p50 ms': r.latencyMs.p50,
      'p99 ms': r.latencyMs.p99,
      'non-2xx': r.non2xx,
      errors: r.errors,
    })),
  );
  const report = {
    date: new Date().toISOString(),
    machine,
    connections: CONNECTIONS,
    durationSeconds: DURATION_SECONDS,
    results,
  };
  writeResults('api', report);
} finally {
  await server.stop();
}
