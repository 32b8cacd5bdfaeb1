import { type Kysely, type MigrationProvider, Migrator, PostgresAdapter, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_NUMBER_START } from '#server/db/migrations/0001_initial.ts';
import { migrations } from '#server/db/migrations/index.ts';
import { insertUsers } from '#server/test/library-helpers.ts';
import { createTestApp, engines, type TestApp } from '#server/test/test-app.ts';
import { migrateToLatest } from './migrate.ts';
import type { Database } from './schema.ts';

/** A migrator over our migrations, its bookkeeping pinned to the current schema as migrate.ts does. */
async function migratorFor(db: Kysely<Database>): Promise<Migrator> {
  const provider: MigrationProvider = { getMigrations: async () => migrations };
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return new Migrator({ db, provider });
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return new Migrator({ db, provider, migrationTableSchema: rows[0]?.schema });
}

const EXPECTED_TABLES = [
  'account',
  'book',
  'book_comment',
  'book_tag',
  'bookmark',
  'category',
  'counter',
  'finished_book',
  'page',
  'reading_progress',
  'session',
  'support_message',
  'tag',
  'thought',
  'thought_like',
  'thought_reply',
  'user',
  'verification',
];

describe.each(engines)('migrations on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('create every table of the data model', async () => {
    const tables = (await t.db.introspection.getTables()).map((table) => table.name);
    for (const name of EXPECTED_TABLES) expect(tables).toContain(name);
    const user = (await t.db.introspection.getTables()).find((table) => table.name === 'user');
    expect(user?.columns.map((c) => c.name)).toEqual(
      expect.arrayContaining(['user_number', 'pronouns', 'bio', 'location', 'website', 'email_verified']),
    );
  });

  it('0005 keeps the reading language with the progress: en, ar or none', async () => {
    // PostgreSQL lists every schema's tables: take this test's own.
    const schema =
      t.db.getExecutor().adapter instanceof PostgresAdapter
        ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db)).rows[0]?.schema
        : undefined;
    const table = (await t.db.introspection.getTables()).find(
      (x) => x.name === 'reading_progress' && (schema === undefined || x.schema === schema),
    );
    expect(table?.columns.find((c) => c.name === 'lang')).toMatchObject({ isNullable: true });
  });

  it('start member numbers after the configured start', async () => {
    const counter = await t.db
      .selectFrom('counter')
      .select('value')
      .where('name', '=', 'user_number')
      .executeTakeFirstOrThrow();
    expect(Number(counter.value)).toBe(USER_NUMBER_START);
  });

  it('are a no-op the second time', async () => {
    expect(await migrateToLatest(t.db)).toEqual([]);
  });

  it('enforce foreign keys and cascade deletes to children', async () => {
    const now = new Date().toISOString();
    await t.db.insertInto('category').values({ id: 'c', title: 'C', title_ar: 'ج', sort_order: 1 }).execute();
    await t.db
      .insertInto('book')
      .values({
        id: 'b',
        category_id: 'c',
        source: 'official',
        title: 'B',
        author: 'A',
        about_book: '',
        book_reference: '',
        book_image: null,
        added_by: 'Sahifa',
        added_at: now,
        device_info: null,
        user_id: null,
      })
      .execute();
    await t.db
      .insertInto('page')
      .values({
        book_id: 'b',
        lang: 'en',
        order: 1,
        header: 'H',
        sub_header: '',
        content1: 'x',
        sub_header2: '',
        content2: '',
        sub_header3: '',
        content3: '',
        sub_header4: '',
        content4: '',
      })
      .execute();
    await expect(
      t.db.insertInto('book_tag').values({ book_id: 'b', tag_id: 'missing-tag' }).execute(),
    ).rejects.toThrow();
    await t.db.deleteFrom('book').where('id', '=', 'b').execute();
    expect(await t.db.selectFrom('page').selectAll().where('book_id', '=', 'b').execute()).toEqual([]);
  });

  it('0003 keeps each member’s newest review of a book, counts the ratings again, then allows one per member', async () => {
    // Back to the schema before 0003 (undoing whatever came after it), where duplicates could exist.
    const migrator = await migratorFor(t.db);
    const down = await migrator.migrateTo('0002_search');
    expect(down.error).toBeUndefined();
    expect(down.results?.map((r) => [r.migrationName, r.direction, r.status])).toContainEqual([
      '0003_one_review_per_member',
      'Down',
      'Success',
    ]);

    const now = new Date().toISOString();
    await t.db
      .insertInto('category')
      .values({ id: 'rv', title: 'R', title_ar: 'ر', sort_order: 2 })
      .execute();
    const book = (id: string, ratingCount: number, ratingSum: number) => ({
      id,
      category_id: 'rv',
      source: 'official' as const,
      title: id,
      author: 'A',
      about_book: '',
      book_reference: '',
      book_image: null,
      added_by: 'Sahifa',
      added_at: now,
      device_info: null,
      user_id: null,
      // Counters as the duplicates left them (r3's were simply wrong): all are counted again.
      rating_count: ratingCount,
      rating_sum: ratingSum,
    });
    await t.db
      .insertInto('book')
      .values([book('r1', 6, 17), book('r2', 1, 3), book('r3', 2, 8)])
      .execute();
    await insertUsers(
      t.db,
      engine,
      ['u1', 'u2', 'u3'].map((id, i) => ({ id, number: 90_000 + i })),
    );
    const day = (n: number) => `2024-01-0${n}T00:00:00.000Z`;
    const review = (id: string, bookId: string, userId: string, rating: number, date: string) => ({
      id,
      book_id: bookId,
      user_id: userId,
      rating,
      comment: id,
      date,
    });
    await t.db
      .insertInto('book_comment')
      .values([
        review('u1-early', 'r1', 'u1', 1, day(1)),
        review('u1-late', 'r1', 'u1', 5, day(3)),
        review('u1-middle', 'r1', 'u1', 2, day(2)),
        review('u1-other-book', 'r2', 'u1', 3, day(1)),
        // Same date: the higher id is the newer.
        review('u2-a', 'r1', 'u2', 2, day(4)),
        review('u2-b', 'r1', 'u2', 4, day(4)),
        review('u3-only', 'r1', 'u3', 1, day(1)),
      ])
      .execute();

    const up = await migrator.migrateTo('0003_one_review_per_member');
    expect(up.error).toBeUndefined();
    expect(up.results?.map((r) => [r.migrationName, r.direction, r.status])).toEqual([
      ['0003_one_review_per_member', 'Up', 'Success'],
    ]);

    const kept = await t.db
      .selectFrom('book_comment')
      .select(['id', 'book_id', 'user_id', 'rating'])
      .where('book_id', 'in', ['r1', 'r2', 'r3'])
      .orderBy('id')
      .execute();
    expect(kept.map((r) => r.id)).toEqual(['u1-late', 'u1-other-book', 'u2-b', 'u3-only']);
    const counters = await t.db
      .selectFrom('book')
      .select(['id', 'rating_count', 'rating_sum'])
      .where('id', 'in', ['r1', 'r2', 'r3'])
      .orderBy('id')
      .execute();
    expect(counters.map((b) => [b.id, Number(b.rating_count), Number(b.rating_sum)])).toEqual([
      ['r1', 3, 10],
      ['r2', 1, 3],
      ['r3', 0, 0],
    ]);

    // From now on a second review of the same book by the same member is refused by the database.
    await expect(
      t.db
        .insertInto('book_comment')
        .values(review('u3-again', 'r1', 'u3', 2, day(5)))
        .execute(),
    ).rejects.toThrow();
    await t.db
      .insertInto('book_comment')
      .values(review('u3-r2', 'r2', 'u3', 2, day(5)))
      .execute();
    expect(await migrateToLatest(t.db)).not.toContain('0003_one_review_per_member');
  });

  it('0004 counts earlier accounts as confirmed, clears pictures that are not web addresses, and numbers members on insert', async () => {
    const migrator = await migratorFor(t.db);
    const down = await migrator.migrateTo('0003_one_review_per_member');
    expect(down.error).toBeUndefined();

    const pictures: Record<string, string | null> = {
      v1: 'javascript:alert(1)',
      v2: '/uploads/user_avatars/0b7c5e8e-4f0e-4c8e-9a51-9d1c2b3a4f5e',
      v3: 'https://lh3.googleusercontent.com/a/photo',
      v4: `https://tracker.example/${'x'.repeat(3000)}`,
      v5: null,
    };
    await insertUsers(
      t.db,
      engine,
      Object.entries(pictures).map(([id, image], i) => ({ id, image, number: 91_000 + i })),
    );

    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    const rows = await t.db
      .selectFrom('user')
      .select(['id', 'image', 'email_verified'])
      .where('id', 'in', Object.keys(pictures))
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.id, r.image, Boolean(r.email_verified)])).toEqual([
      ['v1', null, true],
      ['v2', pictures.v2, true],
      ['v3', pictures.v3, true],
      ['v4', null, true],
      ['v5', null, true],
    ]);

    if (engine === 'postgres') {
      // The insert itself takes the next number from the counter (sign-up is one transaction).
      const before = await t.db
        .selectFrom('counter')
        .select('value')
        .where('name', '=', 'user_number')
        .executeTakeFirstOrThrow();
      await sql`insert into "user" (id, name, email, email_verified, created_at, updated_at)
        values ('v6', 'v6', 'v6@example.com', false, now(), now())`.execute(t.db);
      const row = await t.db
        .selectFrom('user')
        .select('user_number')
        .where('id', '=', 'v6')
        .executeTakeFirstOrThrow();
      expect(Number(row.user_number)).toBe(Number(before.value) + 1);
    }
  });
});
