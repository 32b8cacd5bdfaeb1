// Crash test: the real server as a child process on SQLite (and on PostgreSQL when
// TEST_DATABASE_URL is set), concurrent members writing (thoughts, likes, replies, bookmarks,
// progress, ratings, and deleting some of them), `kill -9` in the middle, then: the SQLite file
// passes `PRAGMA integrity_check`, every write the server acknowledged (2xx) is there (and every
// acknowledged delete is gone), every counter equals its rows, and the server starts again on the
// same data. Writes committed together (decisions 019 and 020) must be acknowledged only after
// their commit. CRASH_ROUNDS=<n> for more rounds; CRASH_SEED=<seed>
// repeats the writers' choices (their interleaving, and so the moment of the kill, still varies).
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemberOverHttp, type HttpMember } from '#server/test/http-members.ts';
import { type ServerProcess, startServerProcess } from '#server/test/server-process.ts';
import { engines, makeTempDir, withAdminClient } from '#server/test/test-app.ts';

const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 2);
const SEED = Number(process.env.CRASH_SEED ?? 20_261_123);
const WRITERS = 6;
/** Acknowledged writes to wait for in each round before the kill. */
const WRITES_PER_ROUND = 200;
/** The server trusts X-Forwarded-For here, so each request can come from its own address and the
 * per-address write limit (120 a minute) does not turn the test into a test of 429s. */
const SERVER_ENV = { TRUST_PROXY: 'true', AUTH_RATE_LIMIT_PER_MINUTE: '1000' };

type Row = Record<string, unknown>;

/** The database as the crash left it, read directly (not through the server). */
interface CrashedDatabase {
  /** SQLite's own checks of the file; PostgreSQL keeps its files sound itself. */
  checkSound(label: string): void;
  get(sql: string, ...args: unknown[]): Promise<Row | undefined>;
  all(sql: string, ...args: unknown[]): Promise<Row[]>;
  close(): Promise<void>;
}

function openSqliteFile(dataDir: string): CrashedDatabase {
  const file = new SQLite(path.join(dataDir, 'sahifa.db'), { readonly: true, fileMustExist: true });
  return {
    checkSound(label) {
      expect(file.pragma('integrity_check', { simple: true }), `${label}: integrity_check`).toBe('ok');
      expect(file.pragma('foreign_key_check'), `${label}: foreign_key_check`).toEqual([]);
    },
    get: async (sql, ...args) => file.prepare(sql).get(...args) as Row | undefined,
    all: async (sql, ...args) => file.prepare(sql).all(...args) as Row[],
    close: async () => {
      file.close();
    },
  };
}

async function openPostgres(url: string): Promise<CrashedDatabase> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // The statements below are written for SQLite's `?`.
  const numbered = (sql: string) => {
    let n = 0;
    return sql.replace(/\?/g, () => `$${++n}`);
  };
  const all = async (sql: string, ...args: unknown[]) =>
    (await client.query(numbered(sql), args)).rows as Row[];
  return {
    checkSound() {},
    get: async (sql, ...args) => (await all(sql, ...args))[0],
    all,
    close: () => client.end(),
  };
}

/** mulberry32: a small seeded generator, so a failing run can be replayed with CRASH_SEED. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

// ---------------------------------------------------------------------------------------------
// The ledger: every write sent, and what the server said

/** What a key's row should be after the write: there, gone, or (progress) on this page. */
type State = 'present' | 'absent' | number;
type Outcome = 'acked' | 'refused' | 'unknown';

interface Write {
  key: string;
  state: State;
  outcome: Outcome | 'in-flight';
}

class Ledger {
  readonly writes = new Map<string, Write[]>();
  /** Thought of each reply and like key, for the cascade when a thought is deleted. */
  readonly thoughtOf = new Map<string, string>();

  begin(key: string, state: State): Write {
    const write: Write = { key, state, outcome: 'in-flight' };
    const list = this.writes.get(key) ?? [];
    list.push(write);
    this.writes.set(key, list);
    return write;
  }

  /** The states the key may be in now: after its last acknowledged write, or after any write that
   * was cut off by the crash since (it may or may not have been committed). */
  allowed(key: string): Set<State> | null {
    const list = this.writes.get(key) ?? [];
    let lastAcked = -1;
    list.forEach((w, i) => {
      if (w.outcome === 'acked') lastAcked = i;
    });
    const after = list
      .slice(lastAcked + 1)
      .filter((w) => w.outcome === 'unknown' || w.outcome === 'in-flight');
    if (lastAcked < 0 && after.length === 0) return null;
    const states = new Set<State>(lastAcked >= 0 ? [(list[lastAcked] as Write).state] : ['absent']);
    for (const w of after) states.add(w.state);
    return states;
  }

  /** After the crash, nothing is in flight any more: those writes are unknowns. */
  settle() {
    for (const list of this.writes.values())
      for (const w of list) if (w.outcome === 'in-flight') w.outcome = 'unknown';
  }
}

// ---------------------------------------------------------------------------------------------

interface Book {
  id: string;
  pages: number;
}

describe.each(engines)('crash: kill -9 while members write (%s)', (engine) => {
  const dataDir = makeTempDir('sahifa-crash-');
  let server: ServerProcess | null = null;
  // PostgreSQL: a database of this test's own, dropped at the end.
  const database = `sahifa_crash_${randomBytes(6).toString('hex')}`;
  const databaseUrl = (() => {
    if (engine !== 'postgres') return '';
    const url = new URL(process.env.TEST_DATABASE_URL ?? '');
    url.pathname = `/${database}`;
    return url.toString();
  })();
  const serverEnv = engine === 'postgres' ? { ...SERVER_ENV, DATABASE_URL: databaseUrl } : SERVER_ENV;
  const openCrashed = () => (engine === 'postgres' ? openPostgres(databaseUrl) : openSqliteFile(dataDir));
  afterAll(async () => {
    await server?.kill();
    rmSync(dataDir, { recursive: true, force: true });
    if (engine === 'postgres')
      await withAdminClient((client) => client.query(`drop database if exists ${database} with (force)`));
  });

  it(`keeps every acknowledged write, a sound file and true counters (${ROUNDS} rounds)`, async () => {
    console.log(
      `crash test: seed ${SEED}, ${ROUNDS} rounds (replay: CRASH_SEED=${SEED} CRASH_ROUNDS=${ROUNDS})`,
    );
    const next = random(SEED);
    const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(next() * items.length)];
    const ip = () =>
      `10.${Math.floor(next() * 250)}.${Math.floor(next() * 250)}.${1 + Math.floor(next() * 250)}`;

    if (engine === 'postgres') await withAdminClient((client) => client.query(`create database ${database}`));
    server = await startServerProcess({ dataDir, env: serverEnv });
    const members: HttpMember[] = [];
    for (let i = 0; i < WRITERS; i++) {
      members.push(
        await createMemberOverHttp(server.baseUrl, dataDir, {
          name: `Writer ${i}`,
          headers: { 'x-forwarded-for': ip() },
        }),
      );
    }

    const base = () => (server as ServerProcess).baseUrl;
    const overview = (await (
      await fetch(`${base()}/api/v1/books`, { headers: { cookie: members[0]?.cookie ?? '' } })
    ).json()) as {
      categories: { books: { id: string }[] }[];
    };
    const books: Book[] = [];
    for (const { id } of overview.categories.flatMap((c) => c.books)) {
      const read = (await (
        await fetch(`${base()}/api/v1/books/${id}/read`, { headers: { cookie: members[0]?.cookie ?? '' } })
      ).json()) as { pages: { en: unknown[]; ar: unknown[] } };
      books.push({ id, pages: Math.max(read.pages.en.length, read.pages.ar.length) });
    }
    expect(books.length, 'the demo library was loaded').toBeGreaterThan(0);

    const ledger = new Ledger();
    const countAcked = () => [...ledger.writes.values()].flat().filter((w) => w.outcome === 'acked').length;
    /** Thoughts whose creation was acknowledged (deleted ones stay: liking them answers 404). */
    const thoughts: string[] = [];
    const serverErrors: string[] = [];
    /** Refusals by status (a like on a thought just deleted is a 404, as it should be). */
    const refusedBy = new Map<number, number>();
    let stopped = false;
    let inFlight = 0;

    async function write(
      member: HttpMember,
      method: 'POST' | 'PUT' | 'DELETE',
      url: string,
      body: unknown,
      entries: { key: string; state: State }[],
    ): Promise<{ status: number; json: unknown } | null> {
      const pending = entries.map((e) => ledger.begin(e.key, e.state));
      inFlight += 1;
      try {
        const res = await fetch(`${base()}${url}`, {
          method,
          headers: {
            cookie: member.cookie,
            origin: base(),
            'x-forwarded-for': ip(),
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const text = await res.text();
        const ok = res.status >= 200 && res.status < 300;
        for (const w of pending) w.outcome = ok ? 'acked' : 'refused';
        if (!ok) refusedBy.set(res.status, (refusedBy.get(res.status) ?? 0) + 1);
        if (res.status >= 500) serverErrors.push(`${method} ${url}: ${res.status} ${text.slice(0, 200)}`);
        return { status: res.status, json: text ? JSON.parse(text) : null };
      } catch {
        // Cut off by the crash: committed or not, nobody knows.
        for (const w of pending) w.outcome = 'unknown';
        return null;
      } finally {
        inFlight -= 1;
      }
    }

    /** One member's writes, one at a time, until the server dies. */
    async function writer(member: HttpMember) {
      const mine = { thoughts: [] as string[], replies: [] as string[], liked: new Set<string>() };
      const comments = new Map<string, string>();
      /** Books on which a comment of ours may exist that we do not know of (cut off by a crash). */
      const unsure = new Set<string>();
      while (!stopped) {
        const roll = next();
        const book = pick(books) as Book;
        const thought = pick(thoughts);
        if (roll < 0.15 || !thought) {
          const res = await write(member, 'POST', '/api/v1/thoughts', { content: `Thought ${next()}` }, []);
          if (res?.status === 201) {
            const id = (res.json as { id: string }).id;
            ledger.begin(`thought:${id}`, 'present').outcome = 'acked';
            thoughts.push(id);
            mine.thoughts.push(id);
          }
        } else if (roll < 0.2 && mine.thoughts.length > 0) {
          const id = mine.thoughts.splice(Math.floor(next() * mine.thoughts.length), 1)[0] as string;
          await write(member, 'DELETE', `/api/v1/thoughts/${id}`, undefined, [
            { key: `thought:${id}`, state: 'absent' },
          ]);
        } else if (roll < 0.4) {
          const key = `like:${thought}:${member.id}`;
          ledger.thoughtOf.set(key, thought);
          mine.liked.add(thought);
          await write(member, 'PUT', `/api/v1/thoughts/${thought}/like`, undefined, [
            { key, state: 'present' },
          ]);
        } else if (roll < 0.47 && mine.liked.size > 0) {
          const target = pick([...mine.liked]) as string;
          const key = `like:${target}:${member.id}`;
          await write(member, 'DELETE', `/api/v1/thoughts/${target}/like`, undefined, [
            { key, state: 'absent' },
          ]);
        } else if (roll < 0.6) {
          const res = await write(
            member,
            'POST',
            `/api/v1/thoughts/${thought}/replies`,
            { reply: `Reply ${next()}` },
            [],
          );
          if (res?.status === 201) {
            const id = (res.json as { reply: { id: string } }).reply.id;
            const key = `reply:${id}`;
            ledger.begin(key, 'present').outcome = 'acked';
            ledger.thoughtOf.set(key, thought);
            mine.replies.push(id);
          }
        } else if (roll < 0.64 && mine.replies.length > 0) {
          const id = mine.replies.splice(Math.floor(next() * mine.replies.length), 1)[0] as string;
          await write(member, 'DELETE', `/api/v1/replies/${id}`, undefined, [
            { key: `reply:${id}`, state: 'absent' },
          ]);
        } else if (roll < 0.72) {
          const key = `bookmark:${member.id}:${book.id}`;
          const add = next() < 0.7;
          await write(member, add ? 'PUT' : 'DELETE', `/api/v1/books/${book.id}/bookmark`, undefined, [
            { key, state: add ? 'present' : 'absent' },
          ]);
        } else if (roll < 0.86) {
          const page = 1 + Math.floor(next() * book.pages);
          const key = `progress:${member.id}:${book.id}`;
          await write(member, 'PUT', `/api/v1/books/${book.id}/progress`, { pageNumber: page }, [
            { key, state: page },
          ]);
        } else {
          const existing = comments.get(book.id);
          if (existing) {
            const res = await write(member, 'DELETE', `/api/v1/comments/${existing}`, undefined, [
              { key: `comment:${existing}`, state: 'absent' },
            ]);
            if (res && res.status < 300) comments.delete(book.id);
            if (!res) unsure.add(book.id);
          } else if (!unsure.has(book.id)) {
            const rating = 1 + Math.floor(next() * 5);
            const res = await write(
              member,
              'POST',
              `/api/v1/books/${book.id}/comments`,
              { rating, comment: `Rated ${rating}` },
              [],
            );
            if (res?.status === 201) {
              const id = (res.json as { comment: { id: string } }).comment.id;
              ledger.begin(`comment:${id}`, 'present').outcome = 'acked';
              comments.set(book.id, id);
            }
            if (!res) unsure.add(book.id);
          }
        }
      }
    }

    /** The database as the crash left it: sound, every acknowledged write kept, counters true. */
    async function checkDatabase(label: string) {
      const file = await openCrashed();
      try {
        file.checkSound(label);

        const has = async (sql: string, ...args: unknown[]) => (await file.get(sql, ...args)) !== undefined;
        const thoughtState = (id: string): Set<State> | null => ledger.allowed(`thought:${id}`);
        const lost: string[] = [];
        let checked = 0;
        let unsureKeys = 0;
        for (const key of ledger.writes.keys()) {
          let allowed = ledger.allowed(key);
          const thought = ledger.thoughtOf.get(key);
          if (thought) {
            // A like or reply goes with its thought.
            const parent = thoughtState(thought);
            if (parent?.has('absent')) allowed = parent.has('present') ? null : new Set(['absent']);
          }
          if (!allowed) continue;
          const [kind, a, b] = key.split(':') as [string, string, string];
          let actual: State;
          if (kind === 'thought')
            actual = (await has('select 1 from thought where id = ?', a)) ? 'present' : 'absent';
          else if (kind === 'reply')
            actual = (await has('select 1 from thought_reply where id = ?', a)) ? 'present' : 'absent';
          else if (kind === 'comment')
            actual = (await has('select 1 from book_comment where id = ?', a)) ? 'present' : 'absent';
          else if (kind === 'like')
            actual = (await has('select 1 from thought_like where thought_id = ? and user_id = ?', a, b))
              ? 'present'
              : 'absent';
          else if (kind === 'bookmark')
            actual = (await has('select 1 from bookmark where user_id = ? and book_id = ?', a, b))
              ? 'present'
              : 'absent';
          else {
            const row = await file.get(
              'select page_number from reading_progress where user_id = ? and book_id = ?',
              a,
              b,
            );
            actual = row ? Number(row.page_number) : 'absent';
          }
          checked += 1;
          if (allowed.size > 1) unsureKeys += 1;
          if (!allowed.has(actual))
            lost.push(`${key}: expected ${[...allowed].join(' or ')}, found ${actual}`);
        }
        expect(lost, `${label}: acknowledged writes lost or undone`).toEqual([]);
        expect(checked, `${label}: writes checked`).toBeGreaterThan(0);

        // Counts as numbers: PostgreSQL answers count(*) and sum() as text.
        const thoughtsOff = await file.all(
          `select t.id, t.like_count, t.reply_count,
             (select count(*) from thought_like l where l.thought_id = t.id) as likes,
             (select count(*) from thought_reply r where r.thought_id = t.id) as replies
           from thought t`,
        );
        const badThoughts = thoughtsOff.filter(
          (t) => Number(t.like_count) !== Number(t.likes) || Number(t.reply_count) !== Number(t.replies),
        );
        expect(badThoughts, `${label}: thought counters that differ from their rows`).toEqual([]);
        const booksOff = await file.all(
          `select b.id, b.rating_count, b.rating_sum,
             (select count(*) from book_comment c where c.book_id = b.id) as n,
             (select coalesce(sum(c.rating), 0) from book_comment c where c.book_id = b.id) as total
           from book b`,
        );
        const badBooks = booksOff.filter(
          (b) => Number(b.rating_count) !== Number(b.n) || Number(b.rating_sum) !== Number(b.total),
        );
        expect(badBooks, `${label}: book rating counters that differ from their rows`).toEqual([]);
        return { checked, unsureKeys, thoughts: thoughtsOff.length };
      } finally {
        await file.close();
      }
    }

    for (let round = 1; round <= ROUNDS; round++) {
      if (!server) server = await startServerProcess({ dataDir, env: serverEnv });
      stopped = false;
      const writers = members.map((m) => writer(m));
      // Let the writers get going (enough acknowledged writes even on a busy machine), then pull
      // the plug at a random moment while requests are in flight.
      const ackedBefore = countAcked();
      const deadline = Date.now() + 30_000;
      while (countAcked() - ackedBefore < WRITES_PER_ROUND && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await new Promise((resolve) => setTimeout(resolve, Math.floor(next() * 500)));
      stopped = true;
      const cutOff = inFlight;
      await server.kill();
      await Promise.all(writers);
      server = null;
      ledger.settle();

      const outcomes = [...ledger.writes.values()].flat().map((w) => w.outcome);
      const acked = outcomes.filter((o) => o === 'acked').length;
      const refused = outcomes.filter((o) => o === 'refused').length;
      const result = await checkDatabase(`round ${round}`);
      console.log(
        `crash round ${round}: ${acked} acknowledged writes so far (${refused} refused; refused requests by status: ${JSON.stringify(Object.fromEntries(refusedBy))}), ${cutOff} in flight at the kill, ` +
          `${result.checked} keys checked (${result.unsureKeys} cut off mid-write), ${result.thoughts} thoughts`,
      );
      expect(serverErrors, 'no write answered 5xx').toEqual([]);
    }

    // It starts again on what the crash left, serves what was acknowledged, and stops cleanly.
    server = await startServerProcess({ dataDir, env: serverEnv });
    const health = await fetch(`${server.baseUrl}/api/health`);
    expect(health.status).toBe(200);
    const member = members[0] as HttpMember;
    const library = await fetch(`${server.baseUrl}/api/v1/me/library`, {
      headers: { cookie: member.cookie },
    });
    expect(library.status, 'the session survived the crashes').toBe(200);
    const code = await server.stop();
    server = null;
    expect(code).toBe(0);
    await checkDatabase('after a clean stop');
  }, 240_000);
});
