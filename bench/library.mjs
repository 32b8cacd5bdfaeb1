import autocannon from 'autocannon';
import { startOnDataSet } from './data-set.mjs';
import { BENCH_MEMBER, signUpMember } from './members.mjs';
import { writeResults } from './results.mjs';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const SIZES = [0, Number(process.env.BENCH_BOOKS ?? 5000)];
const postgresUrl = process.env.BENCH_DATABASE_URL;
const engine = postgresUrl ? 'postgres' : 'sqlite';

/** The cursor of the category's 10th page: a deep page, as infinite scroll reaches it. */
async function deepCursor(baseURL, cookie) {
  let cursor = null;
  for (let i = 0; i < 10; i++) {
    const url = `${baseURL}/api/v1/categories/philosophy/books${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`;
    const body = await (await fetch(url, { headers: { cookie } })).json();
    if (!body.nextCursor) break;
    cursor = body.nextCursor;
  }
  return cursor;
}

/** Words that every generated book holds (its text is a demo book's), each with a new prefix length. */
const WORDS = ['wisdom', 'nature', 'reason', 'mind', 'war', 'time', 'life', 'truth', 'soul', 'virtue'];
let searches = 0;
const nextSearch = () => {
  const word = WORDS[searches % WORDS.length] ?? 'wisdom';
  const suffix = Math.floor(searches++ / WORDS.length);
  return `/api/v1/search?q=${encodeURIComponent(`${word} ${suffix}`)}`;
};

const results = [];
for (const size of SIZES) {
  const { server, dataDir, stop } = await startOnDataSet({
    label: `library-${size}`,
    generator: 'generate-library.ts',
    size,
    postgresUrl,
  });
  try {
    const cookie = await signUpMember(server.baseURL, dataDir, BENCH_MEMBER);
    const cursor = await deepCursor(server.baseURL, cookie);
    const targets = [
      ['category, first page', '/api/v1/categories/philosophy/books'],
      [
        'category, deep page',
        `/api/v1/categories/philosophy/books?cursor=${encodeURIComponent(cursor ?? '')}`,
      ],
      ['books by category', '/api/v1/books'],
      ['book preview', '/api/v1/books/meditations'],
      ['reader (both languages)', '/api/v1/books/meditations/read'],
      ['search (English word)', '/api/v1/search?q=wisdom'],
      ['search (Arabic, no diacritics)', `/api/v1/search?q=${encodeURIComponent('الحكمة')}`],
    ];
    if (!cursor) targets.splice(1, 1);
    // A different query each request, so no answer is remembered (LIBRARY_CACHE_SECONDS).
    targets.push(['search (a new word each time)', null]);
    for (const [name, path] of targets) {
      const run = await autocannon({
        url: `${server.baseURL}${path ?? '/api/v1/search'}`,
        headers: { cookie },
        connections: 10,
        duration: DURATION_SECONDS,
        requests: path ? undefined : [{ setupRequest: (request) => ({ ...request, path: nextSearch() }) }],
      });
      results.push({
        books: size + 10,
        name,
        requestsPerSecond: Math.round(run.requests.average),
        latencyMs: { p50: run.latency.p50, p99: run.latency.p99 },
        non2xx: run.non2xx,
      });
    }
  } finally {
    await stop();
  }
}

console.table(
  results.map((r) => ({
    books: r.books,
    request: r.name,
    'req/s': r.requestsPerSecond,
    'p50 ms': r.latencyMs.p50,
    'p99 ms': r.latencyMs.p99,
    'non-2xx': r.non2xx,
  })),
);
const report = {
  date: new Date().toISOString(),
  node: process.version,
  engine,
  durationSeconds: DURATION_SECONDS,
  results,
};
writeResults(`library${engine === 'postgres' ? '-postgres' : ''}`, report);
