// The pages the server renders for a member (their home and the reader, decision 017): how long
// the first of each takes after a start, and then one after another, as a member's browser asks
// for them (the page's HTML, its data rendered in). A server started as `npm start` does (SQLite,
// demo library); the bench member signs up first, as the other benchmarks' member does.
// Usage: npm run bench:member-pages  (BENCH_REQUESTS per page after the first, default 50;
// results printed and written to bench/results/member-pages-<date>.json)
import { startLocalServer } from '../scripts/local-server.mjs';
import { median, percentile } from './median.mjs';
import { BENCH_MEMBER, signUpMember } from './members.mjs';
import { writeResults } from './results.mjs';

const REQUESTS = Math.max(1, Number(process.env.BENCH_REQUESTS ?? 50));
const pages = [
  { name: 'home', path: '/app/home' },
  { name: 'reader', path: '/app/philosophy/meditations' },
];

const server = await startLocalServer();
try {
  const cookie = await signUpMember(server.baseURL, server.dataDir, BENCH_MEMBER);

  /** One page as the member's browser asks for it: ms until its last byte. */
  const timed = async (path) => {
    const started = performance.now();
    const response = await fetch(`${server.baseURL}${path}`, { headers: { cookie, accept: 'text/html' } });
    const html = await response.text();
    const ms = performance.now() - started;
    // A page the server did not render comes as index.html, without the member's state in it.
    if (!response.ok || !html.includes('id="page-state"'))
      throw new Error(`${path} was not rendered (${response.status})`);
    return ms;
  };

  const results = [];
  for (const page of pages) {
    const first = await timed(page.path);
    const rest = [];
    for (let i = 0; i < REQUESTS; i++) rest.push(await timed(page.path));
    const sorted = [...rest].sort((a, b) => a - b);
    results.push({
      ...page,
      firstMs: first,
      medianMs: median(rest),
      p90Ms: percentile(sorted, 0.9),
    });
  }

  console.log(`\n${REQUESTS} requests a page after its first, one at a time\n`);
  console.log('| page | the first after a start, ms | then: median ms | p90 ms |');
  console.log('|---|---|---|---|');
  for (const r of results) {
    console.log(
      `| ${r.name} | ${Math.round(r.firstMs)} | ${r.medianMs?.toFixed(1)} | ${r.p90Ms.toFixed(1)} |`,
    );
  }
  writeResults('member-pages', {
    date: new Date().toISOString(),
    node: process.version,
    requests: REQUESTS,
    results,
  });
} finally {
  await server.stop();
}
