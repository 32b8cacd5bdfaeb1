// Helpers for the library's API tests (books, reading, comments): members, requests as a
// browser sends them, and books inserted with controlled dates.

import SQLite from 'better-sqlite3';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { vi } from 'vitest';
import { countBook } from '#server/db/book-counters.ts';
import type { Engine } from '#server/db/kysely.ts';
import type { BookSource, Database } from '#server/db/schema.ts';
import { newCredentials, signUp } from './auth-helpers.ts';
import { multipart } from './multipart.ts';
import { TEST_ORIGIN } from './test-app.ts';

export interface TestMember {
  id: string;
  userNumber: number;
  cookie: string;
}

export async function signUpMember(app: FastifyInstance, name = 'Test Member'): Promise<TestMember> {
  const { response, cookie } = await signUp(app, newCredentials({ name }));
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.body}`);
  const user = response.json().user as { id: string; userNumber: number };
  return { id: user.id, userNumber: user.userNumber, cookie };
}

type Method = 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE';

/** A request as the web app sends it: same origin, the member's cookie (none when signed out). */
export function call(
  app: FastifyInstance,
  member: TestMember | null,
  method: Method,
  url: string,
  payload?: unknown,
) {
  const options: InjectOptions = {
    method,
    url,
    headers: { origin: TEST_ORIGIN, ...(member ? { cookie: member.cookie } : {}) },
  };
  if (payload !== undefined) options.payload = payload as InjectOptions['payload'];
  return app.inject(options);
}

/** `call` with a multipart/form-data body (a summary, a profile edit). */
export async function callMultipart(
  app: FastifyInstance,
  member: TestMember | null,
  method: Method,
  url: string,
  fields: Parameters<typeof multipart>[0],
) {
  const form = await multipart(fields);
  return app.inject({
    method,
    url,
    payload: form.payload,
    headers: { ...form.headers, origin: TEST_ORIGIN, ...(member ? { cookie: member.cookie } : {}) },
  });
}

/**
 * Members inserted straight into the table, without signing up: many readers at once, or rows as
 * they stood before a migration. `number` is the member number; `image` defaults to none.
 */
export async function insertUsers(
  db: Kysely<Database>,
  engine: Engine,
  users: { id: string; number: number; name?: string; image?: string | null }[],
): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto('user')
    .values(
      users.map(({ id, number, name, image }) => ({
        id,
        name: name ?? id,
        email: `${id}@example.com`,
        email_verified: engine === 'sqlite' ? 0 : false,
        image: image ?? null,
        created_at: now,
        updated_at: now,
        user_number: number,
        pronouns: null,
        bio: null,
        location: null,
        website: null,
      })),
    )
    .execute();
}

export interface TestBook {
  id: string;
  categoryId: string;
  addedAt: string;
  source?: BookSource;
  userId?: string | null;
  title?: string;
  enPages?: number;
  arPages?: number;
  tags?: string[];
  ratingCount?: number;
  ratingSum?: number;
}

/** The text columns of a page: a header and one paragraph, the rest empty. */
export function pageText(header: string) {
  return {
    header,
    sub_header: '',
    content1: `Text of ${header}.`,
    sub_header2: '',
    content2: '',
    sub_header3: '',
    content3: '',
    sub_header4: '',
    content4: '',
  };
}

/**
 * Inserts a book (with `enPages`/`arPages` pages, default 1 each), links it to existing tags, and
 * counts it as publishing does (its category's books; a member summary in its publisher's).
 */
export async function insertBook(db: Kysely<Database>, book: TestBook): Promise<void> {
  await db
    .insertInto('book')
    .values({
      id: book.id,
      category_id: book.categoryId,
      source: book.source ?? 'official',
      title: book.title ?? `Title ${book.id}`,
      author: 'Author',
      about_book: '',
      book_reference: '',
      book_image: null,
      added_by: 'Sahifa',
      added_at: book.addedAt,
      device_info: null,
      user_id: book.userId ?? null,
      rating_count: book.ratingCount ?? 0,
      rating_sum: book.ratingSum ?? 0,
    })
    .execute();
  await countBook(
    db,
    { category_id: book.categoryId, source: book.source ?? 'official', user_id: book.userId ?? null },
    1,
  );
  const pages = [
    ...Array.from({ length: book.enPages ?? 1 }, (_, i) => ({ lang: 'en' as const, order: i + 1 })),
    ...Array.from({ length: book.arPages ?? 1 }, (_, i) => ({ lang: 'ar' as const, order: i + 1 })),
  ];
  if (pages.length > 0) {
    await db
      .insertInto('page')
      .values(
        pages.map((p) => ({
          book_id: book.id,
          lang: p.lang,
          order: p.order,
          ...pageText(`${p.lang} ${p.order}`),
        })),
      )
      .execute();
  }
  if (book.tags && book.tags.length > 0) {
    await db
      .insertInto('book_tag')
      .values(book.tags.map((tagId) => ({ book_id: book.id, tag_id: tagId })))
      .execute();
  }
}

/** Category `c` with one book per id, added on the first of successive months of 2024 (a, b, c…). */
export async function insertMonthlyBooks(db: Kysely<Database>, ids: readonly string[]): Promise<void> {
  await db.insertInto('category').values({ id: 'c', title: 'C', title_ar: 'ج', sort_order: 1 }).execute();
  for (const [index, id] of ids.entries()) {
    const month = String(index + 1).padStart(2, '0');
    await insertBook(db, { id, categoryId: 'c', addedAt: `2024-${month}-01T00:00:00.000Z` });
  }
}

/** Number of rows in a table matching a column, for "nothing was written" checks. */
export async function countRows(
  db: Kysely<Database>,
  table: 'bookmark' | 'reading_progress' | 'finished_book' | 'book_comment',
  userId: string,
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** better-sqlite3's Statement class, which the package does not export. */
function sqliteStatementPrototype(): SQLite.Statement {
  const memory = new SQLite(':memory:');
  try {
    return Object.getPrototypeOf(memory.prepare('select 1'));
  } finally {
    memory.close();
  }
}

/**
 * How many SQL statements `run` sends to the database (a session lookup included when it is not
 * remembered), counted at the driver: statements run by better-sqlite3 (prepared ones are reused,
 * db/kysely.ts), or queries sent by a pg client.
 */
export async function countQueries(engine: Engine, run: () => Promise<unknown>): Promise<number> {
  const spies =
    engine === 'sqlite'
      ? (['all', 'run', 'get', 'iterate'] as const).map((method) =>
          vi.spyOn(sqliteStatementPrototype(), method),
        )
      : [vi.spyOn(pg.Client.prototype, 'query')];
  try {
    await run();
    return spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}
