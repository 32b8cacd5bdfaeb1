// The member screens' requests on the demo library and on BENCH_BOOKS (5,000) generated books,
// signed in, at BENCH_CONNECTIONS (10) for BENCH_SECONDS (5) each, with search for new words each
// time (nothing remembered) as its last row. BENCH_DATABASE_URL=postgres://… runs each size on a
// fresh PostgreSQL database.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../scripts/build-web.mjs';
import { startOnDataSet } from './data-set.mjs';
import { runAutocannon } from './load.mjs';
import { BENCH_MEMBER, signUpMember } from './members.mjs';
import { writeResults } from './results.mjs';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
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

/**
 * Searches that each differ from the last and each match books: two words of one demo book's
 * English text (every generated book holds a demo book's text, so a pair matches about a
 * thousand of them). A word with a number after it, as this benchmark searched before
 * 2026-11-29, matched nothing: every word of a search must start a word of the book.
 */
function pairsOfWords() {
  const pairs = [];
  const copied = JSON.parse(readFileSync(join(root, 'bench/copied-demo-books.json'), 'utf8'));
  for (const id of copied) {
    const book = JSON.parse(readFileSync(join(root, 'content/books', `${id}.json`), 'utf8'));
    const text = book.pages.en.map((page) => Object.values(page).join(' ')).join(' ');
    const words = [...new Set(text.toLowerCase().match(/\b[a-z]{5,}\b/g) ?? [])].slice(0, 60);
    for (const [i, first] of words.entries())
      for (const second of words.slice(i + 1)) pairs.push(`${first} ${second}`);
  }
  return pairs;
}
const PAIRS = pairsOfWords();
let searches = 0;
const nextSearch = () =>
  `/api/v1/search?q=${encodeURIComponent(PAIRS[searches++ % PAIRS.length] ?? 'wisdom')}`;

/** How many books the first `count` searches of PAIRS found, each: none would mean the row measures nothing. */
async function booksFound(baseURL, cookie, count) {
  const found = [];
  for (const words of PAIRS.slice(0, count)) {
    const response = await fetch(`${baseURL}/api/v1/search?q=${encodeURIComponent(words)}`, {
      headers: { cookie },
    });
    found.push((await response.json()).books.length);
  }
  return found;
}

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
    targets.push(['search (new words each time)', null]);
    const found = await booksFound(server.baseURL, cookie, 20);
    if (Math.min(...found) === 0)
      throw new Error(`a search of two words of one book found nothing: ${found}`);
    for (const [name, path] of targets) {
      const run = await runAutocannon({
        url: `${server.baseURL}${path ?? '/api/v1/search'}`,
        headers: { cookie },
        connections: CONNECTIONS,
        duration: DURATION_SECONDS,
        requests: path ? undefined : [{ setupRequest: (request) => ({ ...request, path: nextSearch() }) }],
      });
      results.push({
        books: size + 10,
        name,
        requestsPerSecond: Math.round(run.requests.average),
        latencyMs: { p50: run.latency.p50, p99: run.latency.p99 },
        non2xx: run.non2xx,
        ...(path ? {} : { booksFound: { fewest: Math.min(...found), most: Math.max(...found) } }),
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
    'books found': r.booksFound ? `${r.booksFound.fewest}-${r.booksFound.most}` : '',
  })),
);
const report = {
  date: new Date().toISOString(),
  node: process.version,
  engine,
  durationSeconds: DURATION_SECONDS,
  connections: CONNECTIONS,
  results,
};
writeResults(
  `library${engine === 'postgres' ? '-postgres' : ''}${CONNECTIONS === 10 ? '' : `-c${CONNECTIONS}`}`,
  report,
);
