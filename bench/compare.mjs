// A/B: the member screens' requests against another checkout (before) and this one (after),
// alternating, in one run, so the machine's noise hits both alike. Both serve the API only,
// on a fresh SQLite DATA_DIR with the demo library.
// Usage: node bench/compare.mjs /path/to/other/checkout   (it needs its own `npm install`)
//   BENCH_PATHS=/api/health,/api/v1/books other requests (comma-separated); BENCH_CONNECTIONS (10)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { root } from '../scripts/build-web.mjs';
import { BENCH_MEMBER, signUpMember } from './members.mjs';

const other = process.argv[2];
if (!other) throw new Error('Usage: node bench/compare.mjs /path/to/other/checkout');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PATHS = process.env.BENCH_PATHS?.split(',') ?? [
  '/api/v1/books/meditations',
  '/api/v1/books/meditations/read',
  '/api/v1/books',
  '/api/v1/search?q=wisdom',
];

async function start(checkout, port) {
  const dataDir = mkdtempSync(join(tmpdir(), 'sahifa-compare-'));
  const base = `http://localhost:${port}`;
  const child = spawn(join(checkout, 'node_modules/.bin/tsx'), ['apps/server/src/server.ts'], {
    cwd: checkout,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: join(dataDir, 'no-web'),
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
  const cookie = await signUpMember(base, dataDir, BENCH_MEMBER);
  const stop = () => {
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { base, cookie, stop };
}

const servers = { before: await start(other, 4101), after: await start(root, 4102) };
const rates = Object.fromEntries(PATHS.map((path) => [path, { before: [], after: [] }]));
try {
  for (let round = 0; round < ROUNDS; round++) {
    for (const path of PATHS) {
      for (const name of round % 2 ? ['after', 'before'] : ['before', 'after']) {
        const { base, cookie } = servers[name];
        const result = await autocannon({
          url: base + path,
          connections: CONNECTIONS,
          duration: SECONDS,
          headers: { cookie },
        });
        if (result.non2xx) throw new Error(`${name} ${path}: ${result.non2xx} answers were not 2xx`);
        rates[path][name].push(result.requests.average);
      }
    }
  }
} finally {
  servers.before.stop();
  servers.after.stop();
}
const mean = (values) => values.reduce((sum, v) => sum + v, 0) / values.length;
for (const [path, { before, after }] of Object.entries(rates)) {
  console.log(
    `${path}: before ${mean(before).toFixed(0)} req/s, after ${mean(after).toFixed(0)} req/s, after/before ${(mean(after) / mean(before)).toFixed(2)}`,
  );
}
