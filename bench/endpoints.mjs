// The requests the performance goals name (issue 12), against a running server: the member
// screens' reads and the three everyday writes, and how the writes are sent. Shared by
// bench:ceiling, bench:growth and bench:compare so that they measure the same things.
import { runAutocannon } from './load.mjs';
import { BENCH_MEMBER, signUpMember } from './members.mjs';
import { withCpu } from './process-cpu.mjs';

/** Thoughts in the feed before measuring, so the feed and the profile have a full first page. */
const FEED_THOUGHTS = 30;
/**
 * Members the writes are sent as, in turn (BENCH_WRITERS, default 1): one member writing one row
 * from every connection is the worst case (on PostgreSQL a batch then updates one row many times,
 * and checks its foreign keys each time; docs/performance.md, 2026-11-29); many is the usual one.
 */
const WRITERS = Number(process.env.BENCH_WRITERS ?? 1);
const only = process.env.BENCH_ONLY?.split(',');

/**
 * BENCH_ONLY=post,like: only the requests whose names contain one of these words are measured.
 * A list that names none of them is refused at once, not answered with an empty table.
 * @template {{ name: string }} T
 * @param {T[]} endpoints
 */
export function onlyMeasured(endpoints) {
  if (!only) return endpoints;
  const kept = endpoints.filter((endpoint) => only.some((word) => endpoint.name.includes(word)));
  if (kept.length === 0)
    throw new Error(`BENCH_ONLY=${only.join(',')} names none of: ${endpoints.map((e) => e.name).join(', ')}`);
  return kept;
}

/**
 * Signs up the bench member and posts its thoughts, so the feed and the profile have a full
 * first page. Returns its session cookie, its member number and its last thought's id.
 * @param {string} baseURL
 * @param {string} dataDir the server's DATA_DIR (the confirmation mail is read from it)
 */
export async function prepareMember(baseURL, dataDir) {
  const cookie = await signUpMember(baseURL, dataDir, BENCH_MEMBER);
  const headers = { cookie, origin: baseURL, 'content-type': 'application/json' };
  const session = await (await fetch(`${baseURL}/api/auth/get-session`, { headers })).json();
  let thoughtId = '';
  for (let i = 0; i < FEED_THOUGHTS; i++) {
    const response = await fetch(`${baseURL}/api/v1/thoughts`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ content: `A thought for the benchmark, number ${i}: reading is a lamp.` }),
    });
    if (!response.ok)
      throw new Error(`posting a thought failed: ${response.status} ${await response.text()}`);
    thoughtId = (await response.json()).id;
  }
  return { cookie, userNumber: session.user.userNumber, thoughtId };
}

/** The session cookies of the members the writes are sent as: the bench member's, then WRITERS - 1 more. */
async function writersOf(baseURL, dataDir, cookie) {
  const cookies = [cookie];
  for (let i = 1; i < WRITERS; i++) {
    const member = {
      name: `Bench Writer ${i}`,
      email: `writer${i}@example.com`,
      password: 'bench writing lamp',
    };
    // Each from an address of its own, so that better-auth's sign-up limit is not what stops them.
    cookies.push(
      await signUpMember(baseURL, dataDir, member, { 'x-forwarded-for': `10.255.${i >> 8}.${i & 255}` }),
    );
  }
  return cookies;
}

/**
 * Prepares the bench member (prepareMember) and the members the writes are sent as
 * (BENCH_WRITERS), and names the requests.
 * @param {string} baseURL
 * @param {string} dataDir the server's DATA_DIR
 * @returns {Promise<{ cookie: string, userNumber: number, reads: Endpoint[], writes: Endpoint[] }>}
 *
 * @typedef {{ name: string, method: string, path: string, body?: string, signedIn: boolean, writers?: string[] }} Endpoint
 */
export async function prepareEndpoints(baseURL, dataDir) {
  const { cookie, userNumber, thoughtId } = await prepareMember(baseURL, dataDir);
  const writers = await writersOf(baseURL, dataDir, cookie);
  const reads = [
    { name: 'health', method: 'GET', path: '/api/health', signedIn: false },
    { name: 'library overview', method: 'GET', path: '/api/v1/library/overview', signedIn: false },
    { name: '/books (every category)', method: 'GET', path: '/api/v1/books', signedIn: true },
    {
      name: 'category, first page',
      method: 'GET',
      path: '/api/v1/categories/philosophy/books',
      signedIn: true,
    },
    { name: 'book preview', method: 'GET', path: '/api/v1/books/meditations', signedIn: true },
    {
      name: 'reader (both languages)',
      method: 'GET',
      path: '/api/v1/books/meditations/read',
      signedIn: true,
    },
    { name: 'thoughts feed', method: 'GET', path: '/api/v1/thoughts', signedIn: true },
    { name: 'profile', method: 'GET', path: `/api/v1/users/${userNumber}`, signedIn: true },
    { name: 'search q=war', method: 'GET', path: '/api/v1/search?q=war', signedIn: true },
  ];
  const writes = [
    {
      name: 'post a thought',
      method: 'POST',
      path: '/api/v1/thoughts',
      body: JSON.stringify({ content: 'Posted under load: a short thought about a long book.' }),
      signedIn: true,
    },
    { name: 'like a thought', method: 'PUT', path: `/api/v1/thoughts/${thoughtId}/like`, signedIn: true },
    {
      name: 'save progress',
      method: 'PUT',
      path: '/api/v1/books/meditations/progress',
      body: JSON.stringify({ pageNumber: 2, lang: 'en' }),
      signedIn: true,
    },
  ];
  return { cookie, userNumber, reads, writes: writes.map((write) => ({ ...write, writers })) };
}

let address = 0;

/**
 * autocannon's `requests` for a request of `method`: each write comes from its own address
 * (X-Forwarded-For, counted when the server runs with TRUST_PROXY=true), so the per-address write
 * limit is not what is measured, and as the next of `writers` (session cookies) when there are
 * more than one. Reads: undefined, every request alike.
 * @param {string} method
 * @param {string[]} [writers]
 */
function fromOwnAddresses(method, writers = []) {
  if (method === 'GET') return undefined;
  const setupRequest = (request) => {
    address++;
    const from = `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
    const as = writers.length > 1 ? { cookie: writers[address % writers.length] } : {};
    return { ...request, headers: { ...request.headers, 'x-forwarded-for': from, ...as } };
  };
  return [{ setupRequest }];
}

/** The headers a request of `endpoint` carries (writes come from the web app's origin). */
export function headersFor(endpoint, { baseURL, cookie }) {
  return {
    ...(endpoint.signedIn ? { cookie } : {}),
    ...(endpoint.method === 'GET' ? {} : { origin: baseURL }),
    ...(endpoint.body ? { 'content-type': 'application/json' } : {}),
  };
}

/**
 * One autocannon run of a request (`method`, `headers`, `body`) at `url`, its writes each from
 * their own address, for `seconds` or for an `amount` of requests.
 * @param {string} url
 * @param {{ method: string, headers: Record<string, string>, body?: string, writers?: string[] }} request  `writers`: the session cookies the writes take in turn
 * @param {{ connections: number, seconds?: number, amount?: number }} load
 */
export function loadRun(url, { method, headers, body, writers }, { connections, seconds, amount }) {
  return runAutocannon({
    url,
    connections,
    ...(amount ? { amount } : { duration: seconds }),
    method,
    headers,
    body,
    requests: fromOwnAddresses(method, writers),
  });
}

/**
 * loadRun with the server `pid`'s CPU time a request in µs (null where it cannot be read).
 * @param {string} url
 * @param {number | undefined} pid
 * @param {Parameters<typeof loadRun>[1]} request
 * @param {{ connections: number, seconds: number }} load
 */
export function measuredRun(url, pid, request, load) {
  return withCpu(pid, () => loadRun(url, request, load));
}
