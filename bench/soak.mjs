// Soak test: starts the app as `npm start` does (SQLite, fresh DATA_DIR, demo library), signs up
// members as people do (sign-up, then the link mailed to DATA_DIR/mail), and runs a mix of reads
// and writes for SOAK_MINUTES (default 10). Every SOAK_SAMPLE_SECONDS (default 60) it prints the
// server process's memory (RSS from /proc/<pid>/status; the V8 heap is not visible from outside),
// open file descriptors, the database file size, requests done, latency and error counts.
//
// Usage: npm run soak   (SOAK_MINUTES, SOAK_CONNECTIONS, SOAK_SAMPLE_SECONDS to change it)
//
// The server trusts X-Forwarded-For here and every request comes from one of many addresses, as
// traffic from many people would: the per-address write limit is not what this measures.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { startLocalServer } from '../scripts/local-server.mjs';
import { percentile } from './median.mjs';
import { signUpMember } from './members.mjs';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 16);
const SAMPLE_MS = Number(process.env.SOAK_SAMPLE_SECONDS ?? 60) * 1000;
const PASSWORD = 'soak test reading lamp 7';
const SEARCH_WORDS = ['war', 'mind', 'virtue', 'الحكمة', 'thinking', 'nature', 'the', 'xyzzy'];

/** @typedef {{ id: string, userNumber: number, cookie: string, comments: Map<string, string>, thoughts: string[] }} Member */

let ipSequence = 0;
/** A client address of its own for each request (see the header comment). */
function nextIp() {
  ipSequence = (ipSequence + 1) % 60_000;
  return `10.77.${Math.floor(ipSequence / 250)}.${(ipSequence % 250) + 1}`;
}

/**
 * Sign-up, then the confirmation link from the mail when the server asks for one.
 * @param {string} baseURL @param {string} dataDir @param {number} i
 * @returns {Promise<Member>}
 */
async function createMember(baseURL, dataDir, i) {
  const email = `soak-${Date.now()}-${i}@example.com`;
  const member = { name: `Soak Reader ${i}`, email, password: PASSWORD };
  const cookie = await signUpMember(baseURL, dataDir, member, { 'x-forwarded-for': nextIp() });
  const session = await (await fetch(`${baseURL}/api/auth/get-session`, { headers: { cookie } })).json();
  if (!session?.user) throw new Error(`member ${email} is not signed in`);
  return {
    id: session.user.id,
    userNumber: session.user.userNumber,
    cookie,
    comments: new Map(),
    thoughts: [],
  };
}

/** @param {number} pid */
function processStats(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (/** @type {string} */ field) =>
    Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))?.[1] ?? 0);
  return {
    rssMb: Math.round(kb('VmRSS') / 1024),
    peakMb: Math.round(kb('VmHWM') / 1024),
    fds: readdirSync(`/proc/${pid}/fd`).length,
  };
}

/** @param {string} dataDir */
function databaseMb(dataDir) {
  const size = (/** @type {string} */ f) =>
    existsSync(join(dataDir, f)) ? statSync(join(dataDir, f)).size : 0;
  return {
    db: (size('sahifa.db') / 1048576).toFixed(1),
    wal: (size('sahifa.db-wal') / 1048576).toFixed(1),
  };
}

const server = await startLocalServer({
  env: { TRUST_PROXY: 'true', AUTH_RATE_LIMIT_PER_MINUTE: '100000' },
});
const { baseURL, dataDir, pid } = server;
if (!pid) throw new Error('no server pid');

try {
  const members = [];
  for (let i = 0; i < CONNECTIONS; i++) members.push(await createMember(baseURL, dataDir, i));
  const first = /** @type {Member} */ (members[0]);
  const overview = await (
    await fetch(`${baseURL}/api/v1/books`, { headers: { cookie: first.cookie } })
  ).json();
  /** @type {{ id: string, pages: number }[]} */
  const books = [];
  for (const category of overview.categories) {
    for (const { id } of category.books) {
      const read = await (
        await fetch(`${baseURL}/api/v1/books/${id}/read`, { headers: { cookie: first.cookie } })
      ).json();
      books.push({ id, pages: Math.max(read.pages.en.length, read.pages.ar.length, 1) });
    }
  }
  const categories = overview.categories.map((/** @type {{ id: string }} */ c) => c.id);
  /** @type {string[]} newest thoughts, for likes and replies */
  const recentThoughts = [];

  const pick = (/** @type {any[]} */ items) => items[Math.floor(Math.random() * items.length)];

  /** One request of the mix, as member `m`: [method, path, body?]. @param {Member} m */
  function nextRequest(m) {
    const book = pick(books);
    const thought = pick(recentThoughts);
    const roll = Math.random();
    // About three reads for every write, as people browse more than they post.
    if (roll < 0.07) return ['GET', '/api/v1/library/overview'];
    if (roll < 0.13) return ['GET', '/api/v1/books'];
    if (roll < 0.2) return ['GET', `/api/v1/categories/${pick(categories)}/books`];
    if (roll < 0.3) return ['GET', `/api/v1/books/${book.id}`];
    if (roll < 0.38) return ['GET', `/api/v1/books/${book.id}/read`];
    if (roll < 0.42) return ['GET', `/api/v1/books/${book.id}/comments`];
    if (roll < 0.47) return ['GET', `/api/v1/search?q=${encodeURIComponent(pick(SEARCH_WORDS))}`];
    if (roll < 0.56) return ['GET', '/api/v1/thoughts'];
    if (roll < 0.6) return ['GET', `/api/v1/users/${pick(members).userNumber}`];
    if (roll < 0.65) return ['GET', '/api/v1/me/library'];
    if (roll < 0.7) return ['GET', '/api/auth/get-session'];
    if (roll < 0.75 || !thought)
      return ['POST', '/api/v1/thoughts', { content: `Soak thought ${Date.now()}` }];
    if (roll < 0.77 && m.thoughts.length > 0) return ['DELETE', `/api/v1/thoughts/${m.thoughts.shift()}`];
    if (roll < 0.82) return [Math.random() < 0.7 ? 'PUT' : 'DELETE', `/api/v1/thoughts/${thought}/like`];
    if (roll < 0.86) return ['POST', `/api/v1/thoughts/${thought}/replies`, { reply: 'Soak reply' }];
    if (roll < 0.9) return [Math.random() < 0.6 ? 'PUT' : 'DELETE', `/api/v1/books/${book.id}/bookmark`];
    if (roll < 0.96)
      return [
        'PUT',
        `/api/v1/books/${book.id}/progress`,
        { pageNumber: 1 + Math.floor(Math.random() * book.pages) },
      ];
    const comment = m.comments.get(book.id);
    if (comment) return ['DELETE', `/api/v1/comments/${comment}`];
    return [
      'POST',
      `/api/v1/books/${book.id}/comments`,
      { rating: 1 + Math.floor(Math.random() * 5), comment: 'Soak' },
    ];
  }

  const totals = { requests: 0, networkErrors: 0, status4xx: 0, status5xx: 0 };
  /** @type {string[]} */
  const firstServerErrors = [];
  /** 4xx answers by status and route: expected ones (a like on a thought just deleted) and others. */
  const refusals = new Map();
  let minute = { requests: 0, latencies: /** @type {number[]} */ ([]) };
  let running = true;

  /** @param {Member} m */
  async function loop(m) {
    while (running) {
      const [method, path, body] = nextRequest(m);
      const started = performance.now();
      try {
        const res = await fetch(`${baseURL}${path}`, {
          method,
          headers: {
            cookie: m.cookie,
            origin: baseURL,
            'x-forwarded-for': nextIp(),
            ...(body ? { 'content-type': 'application/json' } : {}),
          },
          body: body ? JSON.stringify(body) : undefined,
        });
        const text = await res.text();
        minute.latencies.push(performance.now() - started);
        if (res.status >= 500) {
          totals.status5xx += 1;
          if (firstServerErrors.length < 5)
            firstServerErrors.push(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
        } else if (res.status >= 400) {
          totals.status4xx += 1;
          const route = `${res.status} ${method} ${path.split('?')[0]?.replace(/\/(?!v1(?:\/|$))[^/]*\d[^/]*(?=\/|$)/g, '/:id')}`;
          refusals.set(route, (refusals.get(route) ?? 0) + 1);
        } else if (method === 'POST' && path === '/api/v1/thoughts') {
          const id = JSON.parse(text).id;
          m.thoughts.push(id);
          recentThoughts.push(id);
          if (recentThoughts.length > 500) recentThoughts.shift();
        } else if (method === 'POST' && path.endsWith('/comments')) {
          m.comments.set(path.split('/')[4] ?? '', JSON.parse(text).comment.id);
        } else if (method === 'DELETE' && path.startsWith('/api/v1/comments/')) {
          for (const [bookId, id] of m.comments) if (path.endsWith(id)) m.comments.delete(bookId);
        }
      } catch {
        totals.networkErrors += 1;
      }
      totals.requests += 1;
      minute.requests += 1;
    }
  }

  console.log(
    `soak: ${MINUTES} min, ${CONNECTIONS} connections (one member each), server pid ${pid}, ` +
      `${books.length} books; node ${process.version}, ${cpus().length} cpus`,
  );
  const rows = [];
  const start = Date.now();
  const loops = members.map((m) => loop(m));
  const sample = (/** @type {number} */ elapsedMs) => {
    const latencies = minute.latencies.sort((a, b) => a - b);
    const row = {
      minute: Number((elapsedMs / 60_000).toFixed(2)),
      ...processStats(pid),
      requests: totals.requests,
      'req/s': Math.round(minute.requests / (SAMPLE_MS / 1000)),
      'p50 ms': Math.round(percentile(latencies, 0.5)),
      'p99 ms': Math.round(percentile(latencies, 0.99)),
      '4xx': totals.status4xx,
      '5xx': totals.status5xx,
      'network errors': totals.networkErrors,
      ...Object.fromEntries(Object.entries(databaseMb(dataDir)).map(([k, v]) => [`${k} MB`, v])),
    };
    minute = { requests: 0, latencies: [] };
    rows.push(row);
    console.log(JSON.stringify(row));
  };
  rows.push({ minute: 0, ...processStats(pid), requests: 0 });
  console.log(JSON.stringify(rows[0]));
  for (let next = start + SAMPLE_MS; next <= start + MINUTES * 60_000; next += SAMPLE_MS) {
    await new Promise((resolve) => setTimeout(resolve, next - Date.now()));
    sample(Date.now() - start);
  }
  running = false;
  await Promise.all(loops);

  console.table(rows);
  console.log(
    '\n| minute | RSS MB | peak RSS MB | fds | requests | req/s | p50 ms | p99 ms | 4xx | 5xx | network errors | db MB | wal MB |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const cells = [
      r.minute,
      r.rssMb,
      r.peakMb,
      r.fds,
      r.requests,
      r['req/s'] ?? '',
      r['p50 ms'] ?? '',
      r['p99 ms'] ?? '',
      r['4xx'] ?? '',
      r['5xx'] ?? '',
      r['network errors'] ?? '',
      r['db MB'] ?? '',
      r['wal MB'] ?? '',
    ];
    console.log(`| ${cells.join(' | ')} |`);
  }
  console.log(
    `4xx answers by route: ${JSON.stringify(Object.fromEntries([...refusals].sort((a, b) => b[1] - a[1])))}`,
  );
  if (firstServerErrors.length > 0) console.log(`first 5xx answers:\n${firstServerErrors.join('\n')}`);
  const after = processStats(pid);
  console.log(
    `done: ${totals.requests} requests, ${totals.status5xx} 5xx, ${totals.networkErrors} network errors; ` +
      `RSS ${rows[1]?.rssMb ?? '?'} MB after the first sample → ${after.rssMb} MB at the end`,
  );
} finally {
  const code = await server.stop();
  console.log(`server stopped (exit code ${code})`);
}
