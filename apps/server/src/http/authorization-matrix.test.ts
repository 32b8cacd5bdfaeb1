// The authorization matrix: every state-changing /api/v1 operation of the OpenAPI document has a
// case below, and each case is tried signed out (401, nothing written) and as member B on member
// A's objects (403/404 and nothing written; or, for routes that act on the caller's own data,
// success that changes only B's rows). A's data is compared before and after through A's own GET
// endpoints, the whole database and the stored files. The operator console's routes are tried
// signed out and as B (both 404, as for an unknown route, nothing written) and as an operator.
// A new route without a case fails the test.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/schema.ts';
import { seedLibrary } from '#server/seed/seed.ts';
import { getSession, newCredentials, signUp, uniqueEmail } from '#server/test/auth-helpers.ts';
import { type FakeStripe, fakeStripeEnv, startFakeStripe } from '#server/test/fake-stripe.ts';
import { photo } from '#server/test/images.ts';
import { type FormFile, multipart } from '#server/test/multipart.ts';
import {
  createTestApp,
  engines,
  FIXTURE_CONTENT_DIR,
  TEST_ORIGIN,
  type TestApp,
} from '#server/test/test-app.ts';

// ---------------------------------------------------------------------------------------------
// Members, objects and requests

interface Member {
  id: string;
  userNumber: number;
  cookie: string;
}

/** A's objects, made fresh for every scenario, so one scenario's writes never mask another's. */
interface Fixture {
  /** A's member summary (with a cover); A bookmarked it, is on page 2 of it and commented on it. */
  aBook: string;
  aComment: string;
  /** A's thought, liked by A, with A's reply. */
  aThought: string;
  aReply: string;
  /** B's thought, with A's reply on it (B owns the thought, not the reply). */
  bThought: string;
  aReplyOnB: string;
  /** A book of the Sahifa library (official), which A finished and commented on. */
  officialBook: string;
  aCommentOnOfficial: string;
  /** A's conversation with MoejrAI, about A's summary, with one question answered. */
  aConversation: string;
  /** A's message to support. */
  aSupportMessage: string;
  /** A's report of B's thought. */
  aReport: string;
  aUserNumber: number;
  /** C: a member with nothing of A's, whom operators may suspend. */
  cUserNumber: number;
}

type Body = { json: unknown } | { multipart: Record<string, string | FormFile> } | undefined;
type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface Scenario {
  /**
   * 'object': the path names one of A's objects (or the library's): B gets 403 or 404, nothing
   * changes, and the same request from its owner succeeds (so the refusal is about who asks).
   * 'own-data': the route acts on the caller's own data (likes, bookmarks, progress, their own
   * comment, thought or summary, /me/…): B succeeds and only B's rows change.
   * 'operator': a console route: signed out and B get the unknown-route 404 and nothing changes;
   * an operator's same request succeeds.
   */
  kind: 'object' | 'own-data' | 'operator';
  /** What the target is, for the test's name. */
  target: string;
  params?: (f: Fixture) => Record<string, string>;
  body?: (f: Fixture) => Body | Promise<Body>;
  /** B's own state the request needs first (a like to remove, a bookmark to delete). */
  prepare?: (f: Fixture, send: SendAs) => Promise<void>;
  /** 'object' only: the owner's request that must succeed with the same path and body; false for none. */
  ownerCanDoIt?: boolean;
  /** 'own-data' only: the request changes no row at all (it only asks Stripe for a page). */
  writesNothing?: boolean;
}

type SendAs = (method: Method, url: string, body?: Body) => Promise<{ statusCode: number; body: string }>;

const DEVICE = { userAgent: 'Matrix/1.0', screen: '1280×800 @1x', language: 'en', appVersion: 'test' };

const tinyPng = async (): Promise<FormFile> => ({
  bytes: await photo('png', 48, 32),
  filename: 'cover.png',
  type: 'image/png',
});

function summaryData(title: string, categoryId = 'philosophy') {
  return {
    title,
    author: 'Hana Writer',
    categoryId,
    tags: ['Lanterns', `Shelf ${title.length}`],
    aboutBook: 'A book about reading by lamplight.',
    bookReference: 'Hana Writer, 2024.',
    enPages: [
      { order: 1, header: 'Evening', content1: 'The lamp is lit and the page is turned.' },
      { order: 2, header: 'Night', content1: 'The reader keeps going until the oil runs out.' },
    ],
    arPages: [{ order: 1, header: 'المساء', content1: 'أُضيء المصباح وقُلبت الصفحة.' }],
  };
}

const summaryBody = async (title: string): Promise<Body> => ({
  multipart: { data: JSON.stringify(summaryData(title)), cover: await tinyPng() },
});

/**
 * One entry per mutating /api/v1 operation of the OpenAPI document, keyed as the document names
 * it. A route may have several scenarios (A's own summary and an official book, say).
 */
const CASES: Record<string, Scenario | Scenario[]> = {
  'POST /api/v1/books': {
    kind: 'own-data',
    target: 'a new summary of their own',
    body: () => summaryBody('Basim Publishes'),
  },
  'PUT /api/v1/books/{bookId}': [
    {
      kind: 'object',
      target: "A's summary",
      params: (f) => ({ bookId: f.aBook }),
      body: () => summaryBody('Taken Over'),
    },
    {
      kind: 'object',
      target: 'an official book',
      params: (f) => ({ bookId: f.officialBook }),
      body: () => summaryBody('Taken Over'),
      ownerCanDoIt: false,
    },
  ],
  'DELETE /api/v1/books/{bookId}': [
    { kind: 'object', target: "A's summary", params: (f) => ({ bookId: f.aBook }) },
    {
      kind: 'object',
      target: 'an official book',
      params: (f) => ({ bookId: f.officialBook }),
      ownerCanDoIt: false,
    },
  ],
  'PUT /api/v1/books/{bookId}/progress': {
    kind: 'own-data',
    target: "their progress in A's summary",
    params: (f) => ({ bookId: f.aBook }),
    body: () => ({ json: { pageNumber: 1 } }),
  },
  'POST /api/v1/books/{bookId}/finish': {
    kind: 'own-data',
    target: "A's summary, which both are reading",
    params: (f) => ({ bookId: f.aBook }),
    prepare: async (f, send) => {
      await expectOk(send('PUT', `/api/v1/books/${f.aBook}/progress`, { json: { pageNumber: 1 } }));
    },
  },
  'PUT /api/v1/books/{bookId}/bookmark': {
    kind: 'own-data',
    target: "A's summary, which A bookmarked",
    params: (f) => ({ bookId: f.aBook }),
  },
  'DELETE /api/v1/books/{bookId}/bookmark': {
    kind: 'own-data',
    target: "A's summary, which both bookmarked",
    params: (f) => ({ bookId: f.aBook }),
    prepare: async (f, send) => {
      await expectOk(send('PUT', `/api/v1/books/${f.aBook}/bookmark`));
    },
  },
  'POST /api/v1/books/{bookId}/comments': {
    kind: 'own-data',
    target: "their rating of A's summary",
    params: (f) => ({ bookId: f.aBook }),
    body: () => ({ json: { rating: 2, comment: 'Basim found it slow.' } }),
  },
  'DELETE /api/v1/comments/{commentId}': [
    { kind: 'object', target: "A's comment on A's summary", params: (f) => ({ commentId: f.aComment }) },
    {
      kind: 'object',
      target: "A's comment on an official book",
      params: (f) => ({ commentId: f.aCommentOnOfficial }),
    },
  ],
  'POST /api/v1/thoughts': {
    kind: 'own-data',
    target: 'a thought of their own',
    body: () => ({ json: { content: 'Basim thinks out loud.' } }),
  },
  'DELETE /api/v1/thoughts/{thoughtId}': {
    kind: 'object',
    target: "A's thought",
    params: (f) => ({ thoughtId: f.aThought }),
  },
  'PUT /api/v1/thoughts/{thoughtId}/like': {
    kind: 'own-data',
    target: "their like of A's thought",
    params: (f) => ({ thoughtId: f.aThought }),
  },
  'DELETE /api/v1/thoughts/{thoughtId}/like': {
    kind: 'own-data',
    target: "their like of A's thought, which A likes too",
    params: (f) => ({ thoughtId: f.aThought }),
    prepare: async (f, send) => {
      await expectOk(send('PUT', `/api/v1/thoughts/${f.aThought}/like`));
    },
  },
  'POST /api/v1/thoughts/{thoughtId}/replies': {
    kind: 'own-data',
    target: "their reply to A's thought",
    params: (f) => ({ thoughtId: f.aThought }),
    body: () => ({ json: { reply: 'Basim answers.' } }),
  },
  'DELETE /api/v1/replies/{replyId}': [
    { kind: 'object', target: "A's reply on A's thought", params: (f) => ({ replyId: f.aReply }) },
    { kind: 'object', target: "A's reply on B's own thought", params: (f) => ({ replyId: f.aReplyOnB }) },
  ],
  'POST /api/v1/assistant/conversations': {
    kind: 'own-data',
    target: "a conversation of their own about A's summary",
    body: (f) => ({ json: { bookId: f.aBook } }),
  },
  'DELETE /api/v1/assistant/conversations/{conversationId}': {
    kind: 'object',
    target: "A's conversation",
    params: (f) => ({ conversationId: f.aConversation }),
  },
  'POST /api/v1/assistant/conversations/{conversationId}/messages': [
    {
      kind: 'object',
      target: "a question in A's conversation",
      params: (f) => ({ conversationId: f.aConversation }),
      body: () => ({ json: { text: 'What happens by lamplight?' } }),
    },
    {
      kind: 'object',
      target: "a retry in A's conversation",
      params: (f) => ({ conversationId: f.aConversation }),
      body: () => ({ json: { retry: true } }),
      // A's last question is answered: A has nothing to retry either (409).
      ownerCanDoIt: false,
    },
  ],
  'PATCH /api/v1/me/profile': {
    kind: 'own-data',
    target: 'their own profile and avatar',
    body: async () => ({
      multipart: {
        data: JSON.stringify({ displayName: 'Basim Renamed', bio: 'Changed by Basim.' }),
        avatar: { bytes: await photo('png', 64, 64), filename: 'me.png', type: 'image/png' },
      },
    }),
  },
  'POST /api/v1/support': {
    kind: 'own-data',
    target: 'a message to support of their own',
    body: () => ({ json: { message: 'Basim needs help.', email: 'basim@example.com', deviceInfo: DEVICE } }),
  },
  'POST /api/v1/reports': {
    kind: 'own-data',
    target: "their report of A's thought",
    body: (f) => ({ json: { kind: 'thought', targetId: f.aThought, reason: 'spam' } }),
  },
  'PUT /api/v1/blocks/{userNumber}': {
    kind: 'own-data',
    target: 'their block of A',
    params: (f) => ({ userNumber: String(f.aUserNumber) }),
  },
  'DELETE /api/v1/blocks/{userNumber}': {
    kind: 'own-data',
    target: 'their block of A, lifted',
    params: (f) => ({ userNumber: String(f.aUserNumber) }),
    prepare: async (f, send) => {
      await expectOk(send('PUT', `/api/v1/blocks/${f.aUserNumber}`));
    },
  },
  'POST /api/v1/billing/checkout': {
    kind: 'own-data',
    target: 'a checkout for themselves (their Stripe customer)',
    body: () => ({ json: { priceId: 'plus-monthly' } }),
  },
  'POST /api/v1/billing/portal': {
    kind: 'own-data',
    target: 'their own Customer Portal',
    writesNothing: true,
    prepare: async (_f, send) => {
      await expectOk(send('POST', '/api/v1/billing/checkout', { json: { priceId: 'plus-monthly' } }));
    },
  },
  'POST /api/v1/admin/support/{messageId}/replies': {
    kind: 'operator',
    target: "an answer to A's support message",
    params: (f) => ({ messageId: f.aSupportMessage }),
    body: () => ({ json: { body: 'We are on it.' } }),
  },
  'PUT /api/v1/admin/support/{messageId}/status': {
    kind: 'operator',
    target: "A's support message, marked answered",
    params: (f) => ({ messageId: f.aSupportMessage }),
    body: () => ({ json: { status: 'answered' } }),
  },
  'POST /api/v1/admin/reports/{reportId}/decision': {
    kind: 'operator',
    target: "A's report, dismissed",
    params: (f) => ({ reportId: f.aReport }),
    body: () => ({ json: { action: 'dismiss' } }),
  },
  'PUT /api/v1/admin/members/{userNumber}/suspension': {
    kind: 'operator',
    target: 'a member, suspended',
    params: (f) => ({ userNumber: String(f.cUserNumber) }),
    body: () => ({ json: { suspended: true } }),
  },
};

async function expectOk(response: Promise<{ statusCode: number; body: string }>) {
  const res = await response;
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res;
}

const scenariosOf = (key: string): Scenario[] => {
  const entry = CASES[key];
  return entry === undefined ? [] : Array.isArray(entry) ? entry : [entry];
};

function urlOf(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for {${name}} in ${template}`);
    return encodeURIComponent(value);
  });
}

async function inject(app: FastifyInstance, member: Member | null, method: Method, url: string, body?: Body) {
  const headers: Record<string, string> = { origin: TEST_ORIGIN };
  if (member) headers.cookie = member.cookie;
  const options: InjectOptions = { method, url, headers };
  if (body && 'json' in body) options.payload = body.json as InjectOptions['payload'];
  if (body && 'multipart' in body) {
    const form = await multipart(body.multipart);
    options.payload = form.payload;
    Object.assign(headers, form.headers);
  }
  return app.inject(options);
}

// ---------------------------------------------------------------------------------------------
// Snapshots: the whole database, the stored files, and A's data as A's GET endpoints show it

type Row = Record<string, unknown>;
type DbSnapshot = Map<string, Row[]>;

function plain(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return Buffer.from(value).toString('hex');
  if (typeof value === 'bigint') return value.toString();
  return value;
}

const rowKey = (row: Row) =>
  JSON.stringify(
    Object.keys(row)
      .sort()
      .map((k) => [k, row[k]]),
  );

async function tableNames(db: Kysely<Database>, engine: string): Promise<string[]> {
  const query =
    engine === 'sqlite'
      ? sql<{ name: string }>`select name from sqlite_master where type = 'table' order by name`
      : sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`;
  return (await query.execute(db)).rows.map((r) => r.name);
}

async function dbSnapshot(t: TestApp): Promise<DbSnapshot> {
  const snapshot: DbSnapshot = new Map();
  for (const name of await tableNames(t.db, t.engine)) {
    const { rows } = await sql<Row>`select * from ${sql.table(name)}`.execute(t.db);
    const clean = rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, plain(v)])));
    snapshot.set(
      name,
      clean.sort((a, b) => (rowKey(a) < rowKey(b) ? -1 : rowKey(a) > rowKey(b) ? 1 : 0)),
    );
  }
  return snapshot;
}

function filesSnapshot(dataDir: string): Record<string, string> {
  const root = path.join(dataDir, 'uploads');
  const files: Record<string, string> = {};
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else
        files[`/uploads/${path.relative(root, full).split(path.sep).join('/')}`] = createHash('sha256')
          .update(readFileSync(full))
          .digest('hex');
    }
  };
  walk(root);
  return files;
}

/** Every row that differs between two snapshots, per table: [removed, added]. */
function dbDiff(before: DbSnapshot, after: DbSnapshot) {
  const diff = new Map<string, { removed: Row[]; added: Row[] }>();
  for (const name of new Set([...before.keys(), ...after.keys()])) {
    const beforeRows = before.get(name) ?? [];
    const afterRows = after.get(name) ?? [];
    const afterKeys = new Set(afterRows.map(rowKey));
    const beforeKeys = new Set(beforeRows.map(rowKey));
    const removed = beforeRows.filter((r) => !afterKeys.has(rowKey(r)));
    const added = afterRows.filter((r) => !beforeKeys.has(rowKey(r)));
    if (removed.length > 0 || added.length > 0) diff.set(name, { removed, added });
  }
  return diff;
}

/** Counters others' likes, replies, ratings and summaries may move on rows that are not theirs. */
const SHARED_COUNTERS: Record<string, string[]> = {
  thought: ['like_count', 'reply_count'],
  book: ['rating_count', 'rating_sum'],
  category: ['book_count'],
};

/** Search index tables (and their FTS5 shadow tables), derived from rows the matrix does check. */
const SEARCH_INDEXES = ['book_search', 'member_name'];

/**
 * The changes B's own-data request made that are not B's: rows whose owner is someone else (or
 * nobody), except shared counters on others' thoughts and books, new tags (a shared vocabulary)
 * and the search indexes (derived from the book and user rows, which are checked).
 */
function foreignChanges(before: DbSnapshot, after: DbSnapshot, memberId: string) {
  const diff = dbDiff(before, after);
  const owners = (table: string) =>
    new Map(
      [...(before.get(table) ?? []), ...(after.get(table) ?? [])].map((r) => [
        String(r.id),
        (r.user_id ?? null) as string | null,
      ]),
    );
  const bookOwner = owners('book');
  const thoughtOwner = owners('thought');
  const ownerOf = (table: string, row: Row): string | null | undefined => {
    if (table === 'user') return row.id as string;
    if ('user_id' in row) return row.user_id as string | null;
    if ('reporter_id' in row) return row.reporter_id as string;
    if ('book_id' in row) return bookOwner.get(String(row.book_id));
    if ('thought_id' in row) return thoughtOwner.get(String(row.thought_id));
    return undefined;
  };
  const foreign: string[] = [];
  let own = 0;
  for (const [table, { removed, added }] of diff) {
    if (SEARCH_INDEXES.some((index) => table.startsWith(index))) continue;
    const counters = SHARED_COUNTERS[table];
    for (const [change, rows, others] of [
      ['removed', removed, added],
      ['added', added, removed],
    ] as const) {
      for (const row of rows) {
        if (ownerOf(table, row) === memberId) {
          own += 1;
          continue;
        }
        if (table === 'tag' && change === 'added') continue;
        const twin = counters && others.find((o) => o.id === row.id);
        if (twin && Object.keys(row).every((k) => counters.includes(k) || twin[k] === row[k])) continue;
        foreign.push(`${table}: ${change} ${JSON.stringify(row)}`);
      }
    }
  }
  return { foreign, own };
}

/** Keys whose values others may legitimately move (their likes, replies and ratings). */
const AGGREGATES = new Set(['likeCount', 'replyCount', 'averageRating', 'ratingCount']);

/**
 * A's view with everything that is not A's taken out: items written by others are dropped from
 * lists (and replaced by a marker elsewhere), aggregate counts removed.
 */
function onlyMine(value: unknown, userNumber: number): unknown {
  const isOthers = (v: unknown) =>
    typeof v === 'object' &&
    v !== null &&
    'author' in v &&
    (v as { author: { userNumber?: number } }).author?.userNumber !== userNumber;
  if (Array.isArray(value)) return value.filter((v) => !isOthers(v)).map((v) => onlyMine(v, userNumber));
  if (typeof value === 'object' && value !== null) {
    if (isOthers(value)) return "(someone else's)";
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => !AGGREGATES.has(k))
        .map(([k, v]) => [k, onlyMine(v, userNumber)]),
    );
  }
  return value;
}

// ---------------------------------------------------------------------------------------------

describe.each(engines)('authorization matrix on %s', (engine) => {
  let t: TestApp;
  let a: Member;
  let b: Member;
  let c: Member;
  let operator: Member;
  let stripe: FakeStripe;
  let officialBooks: string[];
  let mutatingOperations: string[];

  const operatorEmail = uniqueEmail('operator');

  async function member(name: string, email = uniqueEmail()): Promise<Member> {
    const { cookie } = await signUp(t.app, newCredentials({ name, email }));
    const session = await getSession(t.app, cookie);
    const user = session.json()?.user as { id: string; userNumber: number } | undefined;
    if (!user) throw new Error(`sign-up of ${name} did not leave a session: ${session.body}`);
    return { id: user.id, userNumber: user.userNumber, cookie };
  }

  const as =
    (m: Member | null): SendAs =>
    (method, url, body) =>
      inject(t.app, m, method, url, body);

  beforeAll(async () => {
    // Billing against the fake Stripe, so checkout and the portal answer; one operator.
    stripe = await startFakeStripe();
    t = await createTestApp(engine, {
      env: { ...fakeStripeEnv(stripe), ADMIN_EMAILS: operatorEmail, AI_DAILY_MESSAGES: '100000' },
    });
    await seedLibrary(t.db, { dataDir: t.dataDir, contentDir: FIXTURE_CONTENT_DIR });
    a = await member('Amal Owner');
    b = await member('Basim Other');
    c = await member('Cyrus Third');
    operator = await member('Olive Operator', operatorEmail);
    officialBooks = (
      await t.db.selectFrom('book').select('id').where('source', '=', 'official').orderBy('id').execute()
    ).map((r) => r.id);
    expect(officialBooks.length).toBeGreaterThan(0);
    // A has an avatar, so a stolen profile edit would show in A's files too.
    await expectOk(
      as(a)('PATCH', '/api/v1/me/profile', {
        multipart: {
          data: JSON.stringify({ bio: 'Amal reads at night.', website: 'https://amal.example' }),
          avatar: { bytes: await photo('jpeg', 80, 80), filename: 'a.jpg', type: 'image/jpeg' },
        },
      }),
    );

    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const paths = doc.json().paths as Record<string, Record<string, unknown>>;
    mutatingOperations = Object.entries(paths)
      .filter(([p]) => p.startsWith('/api/v1/'))
      .flatMap(([p, operations]) =>
        Object.keys(operations)
          .map((m) => m.toUpperCase())
          .filter((m) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(m))
          .map((m) => `${m} ${p}`),
      );
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  let fixtureCount = 0;
  async function fixture(): Promise<Fixture> {
    fixtureCount += 1;
    const asA = as(a);
    const asB = as(b);
    const officialBook = officialBooks[fixtureCount % officialBooks.length] as string;
    const book = await expectOk(
      asA('POST', '/api/v1/books', await summaryBody(`Amal's Notes ${fixtureCount}`)),
    );
    const aBook = (JSON.parse(book.body) as { id: string }).id;
    await expectOk(asA('PUT', `/api/v1/books/${aBook}/bookmark`));
    await expectOk(asA('PUT', `/api/v1/books/${aBook}/progress`, { json: { pageNumber: 2 } }));
    const comment = await expectOk(
      asA('POST', `/api/v1/books/${aBook}/comments`, { json: { rating: 5, comment: 'Amal loves it.' } }),
    );
    await expectOk(asA('POST', `/api/v1/books/${officialBook}/finish`));
    const officialComment = await expectOk(
      asA('POST', `/api/v1/books/${officialBook}/comments`, { json: { rating: 4, comment: 'Classic.' } }),
    );
    const thought = await expectOk(asA('POST', '/api/v1/thoughts', { json: { content: 'Amal thinks.' } }));
    const aThought = (JSON.parse(thought.body) as { id: string }).id;
    await expectOk(asA('PUT', `/api/v1/thoughts/${aThought}/like`));
    const reply = await expectOk(
      asA('POST', `/api/v1/thoughts/${aThought}/replies`, { json: { reply: 'Amal adds.' } }),
    );
    const bThoughtRes = await expectOk(asB('POST', '/api/v1/thoughts', { json: { content: 'Basim asks.' } }));
    const bThought = (JSON.parse(bThoughtRes.body) as { id: string }).id;
    const replyOnB = await expectOk(
      asA('POST', `/api/v1/thoughts/${bThought}/replies`, { json: { reply: 'Amal answers Basim.' } }),
    );
    const conversation = await expectOk(
      asA('POST', '/api/v1/assistant/conversations', { json: { bookId: aBook } }),
    );
    const aConversation = (JSON.parse(conversation.body) as { id: string }).id;
    await expectOk(
      asA('POST', `/api/v1/assistant/conversations/${aConversation}/messages`, { json: { text: 'Lamps?' } }),
    );
    // Written straight to the table: A may send only 5 messages an hour, and every scenario
    // builds a fresh fixture.
    const aSupportMessage = `support-${fixtureCount}-${engine}`;
    await t.db
      .insertInto('support_message')
      .values({
        id: aSupportMessage,
        user_id: a.id,
        message: 'Amal cannot find the lamp.',
        email: 'amal@example.com',
        sender_email: 'amal@example.com',
        date: new Date().toISOString(),
        device_info: JSON.stringify(DEVICE),
        mail_status: 'sent',
      })
      .execute();
    const report = await expectOk(
      asA('POST', '/api/v1/reports', { json: { kind: 'thought', targetId: bThought, reason: 'spam' } }),
    );
    const idOf = (res: { body: string }, key: 'comment' | 'reply') =>
      (JSON.parse(res.body) as Record<typeof key, { id: string }>)[key].id;
    return {
      aBook,
      aComment: idOf(comment, 'comment'),
      aThought,
      aReply: idOf(reply, 'reply'),
      bThought,
      aReplyOnB: idOf(replyOnB, 'reply'),
      officialBook,
      aCommentOnOfficial: idOf(officialComment, 'comment'),
      aConversation,
      aSupportMessage,
      aReport: (JSON.parse(report.body) as { id: string }).id,
      aUserNumber: a.userNumber,
      cUserNumber: c.userNumber,
    };
  }

  /** A's data as A's own GET endpoints show it (status and body of each). */
  async function viewOfA(f: Fixture) {
    const urls = [
      '/api/v1/me/library',
      `/api/v1/users/${a.userNumber}`,
      `/api/v1/users/${a.userNumber}/thoughts`,
      `/api/v1/users/${a.userNumber}/thoughts/${f.aThought}`,
      `/api/v1/users/${b.userNumber}/thoughts/${f.bThought}`,
      `/api/v1/thoughts/${f.aThought}/replies`,
      `/api/v1/books/${f.aBook}`,
      `/api/v1/books/${f.aBook}/editable`,
      `/api/v1/books/${f.aBook}/read`,
      `/api/v1/books/${f.aBook}/bookmark`,
      `/api/v1/books/${f.aBook}/comments`,
      `/api/v1/books/${f.officialBook}`,
      `/api/v1/books/${f.officialBook}/comments`,
      '/api/v1/assistant',
      '/api/v1/assistant/conversations',
      `/api/v1/assistant/conversations/${f.aConversation}`,
      '/api/v1/support',
      '/api/v1/blocks',
      '/api/v1/billing',
      '/api/v1/me/account',
    ];
    const view: Record<string, unknown> = {};
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: a.cookie } });
      view[url] = { status: res.statusCode, body: res.json() };
    }
    const session = (await getSession(t.app, a.cookie)).json() as {
      user: unknown;
      session: { id: string; expiresAt: string };
    } | null;
    view.session = session && {
      user: session.user,
      id: session.session.id,
      expiresAt: session.session.expiresAt,
    };
    return view;
  }

  /** The counters equal their visible rows (thought likes and replies, book ratings). */
  async function countersMatchRows() {
    const thoughts = await sql<{
      id: string;
      like_count: number;
      reply_count: number;
      likes: number;
      replies: number;
    }>`
      select t.id, t.like_count, t.reply_count,
        (select count(*) from thought_like l where l.thought_id = t.id) as likes,
        (select count(*) from thought_reply r where r.thought_id = t.id and r.hidden_at is null) as replies
      from thought t`.execute(t.db);
    for (const row of thoughts.rows) {
      expect([Number(row.like_count), Number(row.reply_count)], `thought ${row.id} counters`).toEqual([
        Number(row.likes),
        Number(row.replies),
      ]);
    }
    const books = await sql<{
      id: string;
      rating_count: number;
      rating_sum: number;
      n: number;
      total: number;
    }>`
      select b.id, b.rating_count, b.rating_sum,
        (select count(*) from book_comment c where c.book_id = b.id and c.hidden_at is null) as n,
        (select coalesce(sum(c.rating), 0) from book_comment c where c.book_id = b.id and c.hidden_at is null) as total
      from book b`.execute(t.db);
    for (const row of books.rows) {
      expect([Number(row.rating_count), Number(row.rating_sum)], `book ${row.id} rating counters`).toEqual([
        Number(row.n),
        Number(row.total),
      ]);
    }
    const categories = await sql<{ id: string; book_count: number; n: number }>`
      select c.id, c.book_count,
        (select count(*) from book b where b.category_id = c.id and b.hidden_at is null) as n
      from category c`.execute(t.db);
    for (const row of categories.rows) {
      expect(Number(row.book_count), `category ${row.id} book count`).toBe(Number(row.n));
    }
    const members = await sql<{
      id: string;
      thought_count: number;
      summary_count: number;
      t: number;
      s: number;
    }>`
      select u.id, u.thought_count, u.summary_count,
        (select count(*) from thought x where x.user_id = u.id and x.hidden_at is null) as t,
        (select count(*) from book b where b.user_id = u.id and b.source = 'member' and b.hidden_at is null) as s
      from "user" u`.execute(t.db);
    for (const row of members.rows) {
      expect([Number(row.thought_count), Number(row.summary_count)], `member ${row.id} counts`).toEqual([
        Number(row.t),
        Number(row.s),
      ]);
    }
  }

  const expectApiError = (res: { statusCode: number; body: string }, label: string) => {
    const body = JSON.parse(res.body) as unknown;
    expect(body, `${label}: error body`).toEqual({
      error: { code: expect.any(String), message: expect.any(String) },
    });
  };

  it('has a case for every state-changing /api/v1 operation in the OpenAPI document', () => {
    // Sanity: the document really lists the routes this file knows (so an empty list cannot pass).
    expect(mutatingOperations).toContain('POST /api/v1/thoughts');
    const missing = mutatingOperations.filter((op) => scenariosOf(op).length === 0);
    expect(
      missing,
      `These operations have no authorization case; add one to CASES in ${path.basename(import.meta.url)}:\n` +
        missing.join('\n'),
    ).toEqual([]);
    const stale = Object.keys(CASES).filter((key) => !mutatingOperations.includes(key));
    expect(stale, 'CASES names operations the OpenAPI document no longer has').toEqual([]);
  });

  for (const [key, entry] of Object.entries(CASES)) {
    const [method, template] = key.split(' ') as [Method, string];
    for (const scenario of Array.isArray(entry) ? entry : [entry]) {
      const request = async (f: Fixture) => ({
        url: urlOf(template, scenario.params?.(f) ?? {}),
        body: await scenario.body?.(f),
      });

      const signedOutStatus = scenario.kind === 'operator' ? 404 : 401;
      it(`${key} (${scenario.target}): signed out → ${signedOutStatus}, nothing written`, async () => {
        const f = await fixture();
        const { url, body } = await request(f);
        const [view, db, files] = [await viewOfA(f), await dbSnapshot(t), filesSnapshot(t.dataDir)];

        const res = await inject(t.app, null, method, url, body);
        expect(res.statusCode, res.body).toBe(signedOutStatus);
        expectApiError(res, key);

        expect(await viewOfA(f)).toEqual(view);
        expect(dbDiff(db, await dbSnapshot(t))).toEqual(new Map());
        expect(filesSnapshot(t.dataDir)).toEqual(files);
      });

      if (scenario.kind === 'operator') {
        it(`${key} (${scenario.target}): member B → the unknown-route 404; an operator may`, async () => {
          const f = await fixture();
          const { url, body } = await request(f);
          const [view, db, files] = [await viewOfA(f), await dbSnapshot(t), filesSnapshot(t.dataDir)];

          const res = await inject(t.app, b, method, url, body);
          expect(res.statusCode, `${key} as B: ${res.body}`).toBe(404);
          const path = url.split('?')[0];
          expect(res.json()).toEqual({
            error: { code: 'NOT_FOUND', message: `No API route ${method} ${path}.` },
          });

          expect(await viewOfA(f)).toEqual(view);
          expect(dbDiff(db, await dbSnapshot(t))).toEqual(new Map());
          expect(filesSnapshot(t.dataDir)).toEqual(files);

          const own = await inject(t.app, operator, method, url, await scenario.body?.(f));
          expect(own.statusCode, `${key} as the operator: ${own.body}`).toBeLessThan(300);
        });
      } else if (scenario.kind === 'object') {
        it(`${key} (${scenario.target}): member B → 403/404, A's data unchanged`, async () => {
          const f = await fixture();
          const { url, body } = await request(f);
          const [view, db, files] = [await viewOfA(f), await dbSnapshot(t), filesSnapshot(t.dataDir)];

          const res = await inject(t.app, b, method, url, body);
          expect([403, 404], `${key} as B: ${res.statusCode} ${res.body}`).toContain(res.statusCode);
          expectApiError(res, key);

          expect(await viewOfA(f)).toEqual(view);
          expect(dbDiff(db, await dbSnapshot(t))).toEqual(new Map());
          expect(filesSnapshot(t.dataDir)).toEqual(files);

          if (scenario.ownerCanDoIt !== false) {
            // The same request from A works: B was refused for who B is, not for the request.
            const own = await inject(t.app, a, method, url, await scenario.body?.(f));
            expect(own.statusCode, `${key} as A: ${own.body}`).toBeLessThan(300);
          }
        });
      } else {
        it(`${key} (${scenario.target}): member B changes only B's data`, async () => {
          const f = await fixture();
          await scenario.prepare?.(f, as(b));
          const { url, body } = await request(f);
          const [view, db, files] = [await viewOfA(f), await dbSnapshot(t), filesSnapshot(t.dataDir)];

          const res = await inject(t.app, b, method, url, body);
          expect(res.statusCode, `${key} as B: ${res.body}`).toBeLessThan(300);

          expect(onlyMine(await viewOfA(f), a.userNumber)).toEqual(onlyMine(view, a.userNumber));
          const { foreign, own } = foreignChanges(db, await dbSnapshot(t), b.id);
          expect(foreign, `${key} as B changed rows that are not B's`).toEqual([]);
          if (scenario.writesNothing) expect(own, `${key} as B should change no row`).toBe(0);
          else expect(own, `${key} as B changed none of B's rows`).toBeGreaterThan(0);
          // A's files (cover, avatar) are untouched.
          const after = filesSnapshot(t.dataDir);
          const mine = JSON.stringify(view).match(/\/uploads\/[\w/-]+/g) ?? [];
          expect(mine.length).toBeGreaterThan(0);
          for (const file of mine) expect(after[file], file).toBe(files[file]);
          await countersMatchRows();
        });
      }
    }
  }
});
