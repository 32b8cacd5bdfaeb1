import { type Kysely, type MigrationProvider, Migrator, PostgresAdapter, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_NUMBER_START } from '#server/db/migrations/0001_initial.ts';
import { migrations } from '#server/db/migrations/index.ts';
import { insertBook, insertUsers } from '#server/test/library-helpers.ts';
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

  it('0009 counts each category’s books and each member’s thoughts and summaries as the screens counted them', async () => {
    const migrator = await migratorFor(t.db);
    const down = await migrator.migrateTo('0008_operations');
    expect(down.error).toBeUndefined();
    expect(down.results?.map((r) => [r.migrationName, r.direction, r.status])).toContainEqual([
      '0009_counters',
      'Down',
      'Success',
    ]);

    // Rows as they stood before: visible and hidden books and thoughts, official and member books.
    const hidden = '2024-02-01T00:00:00.000Z';
    await t.db
      .insertInto('category')
      .values([
        { id: 'k1', title: 'K1', title_ar: 'ك١', sort_order: 3 },
        { id: 'k2', title: 'K2', title_ar: 'ك٢', sort_order: 4 },
        { id: 'k3', title: 'K3', title_ar: 'ك٣', sort_order: 5 },
      ])
      .execute();
    await insertUsers(
      t.db,
      engine,
      ['w1', 'w2', 'w3'].map((id, i) => ({ id, number: 92_000 + i })),
    );
    const book = (id: string, categoryId: string, userId: string | null, hiddenAt: string | null = null) => ({
      id,
      category_id: categoryId,
      source: userId ? ('member' as const) : ('official' as const),
      title: id,
      author: 'A',
      about_book: '',
      book_reference: '',
      book_image: null,
      added_by: 'Someone',
      added_at: '2024-01-01T00:00:00.000Z',
      device_info: null,
      user_id: userId,
      hidden_at: hiddenAt,
    });
    await t.db
      .insertInto('book')
      .values([
        book('k1-official', 'k1', null),
        book('k1-w1', 'k1', 'w1'),
        book('k1-w1-hidden', 'k1', 'w1', hidden),
        book('k2-w1', 'k2', 'w1'),
        book('k2-w2-hidden', 'k2', 'w2', hidden),
      ])
      .execute();
    const thought = (id: string, userId: string, hiddenAt: string | null = null) => ({
      id,
      user_id: userId,
      added_by: userId,
      content: id,
      date: '2024-01-02T00:00:00.000Z',
      device_info: null,
      hidden_at: hiddenAt,
    });
    await t.db
      .insertInto('thought')
      .values([
        thought('w1-a', 'w1'),
        thought('w1-b', 'w1'),
        thought('w1-hidden', 'w1', hidden),
        thought('w2-a', 'w2'),
        thought('w3-hidden', 'w3', hidden),
      ])
      .execute();

    // What the screens counted on every request before 0009 (the queries it replaces).
    const counted = await sql<{ id: string; n: number | string }>`
      select category.id, count(book.id) as n from category
      left join book on book.category_id = category.id and book.hidden_at is null
      group by category.id`.execute(t.db);
    const profiles = await sql<{ id: string; thoughts: number | string; summaries: number | string }>`
      select u.id,
        (select count(*) from thought where thought.user_id = u.id and thought.hidden_at is null) as thoughts,
        (select count(*) from book
          where book.user_id = u.id and book.source = 'member' and book.hidden_at is null) as summaries
      from "user" as u`.execute(t.db);

    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    expect(up.results?.map((r) => r.migrationName)).toContain('0009_counters');

    const categories = await t.db.selectFrom('category').select(['id', 'book_count']).execute();
    const byCategory = new Map(categories.map((c) => [c.id, Number(c.book_count)]));
    expect(categories).toHaveLength(counted.rows.length);
    for (const row of counted.rows) expect(byCategory.get(row.id), row.id).toBe(Number(row.n));
    expect(['k1', 'k2', 'k3'].map((id) => byCategory.get(id))).toEqual([2, 1, 0]);

    const members = await t.db.selectFrom('user').select(['id', 'thought_count', 'summary_count']).execute();
    const byMember = new Map(members.map((m) => [m.id, [Number(m.thought_count), Number(m.summary_count)]]));
    expect(members).toHaveLength(profiles.rows.length);
    for (const row of profiles.rows) {
      expect(byMember.get(row.id), row.id).toEqual([Number(row.thoughts), Number(row.summaries)]);
    }
    expect(['w1', 'w2', 'w3'].map((id) => byMember.get(id))).toEqual([
      [2, 2],
      [1, 0],
      [0, 0],
    ]);
  });

  it('0014 refuses progress for a member or a book that is not there, beside saves that are kept', async () => {
    // On PostgreSQL progress's keys are checked at the commit, which saves asked for together
    // share: the refused ones must not take the others with them.
    const now = new Date().toISOString();
    await t.db
      .insertInto('category')
      .values({ id: 'pk', title: 'P', title_ar: 'ب', sort_order: 5 })
      .execute();
    await insertBook(t.db, { id: 'pk-book', categoryId: 'pk', addedAt: now });
    await insertUsers(t.db, t.engine, [{ id: 'pk-reader', number: 990_014 }]);
    const save = (userId: string, bookId: string, page: number) =>
      t.db
        .insertInto('reading_progress')
        .values({ user_id: userId, book_id: bookId, category_id: 'pk', page_number: page, updated_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'book_id']).doUpdateSet({ page_number: page }))
        .execute();
    const outcomes = await Promise.allSettled([
      save('pk-reader', 'pk-book', 1),
      save('pk-reader', 'no-such-book', 1),
      save('no-such-member', 'pk-book', 1),
      save('pk-reader', 'pk-book', 2),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'rejected',
      'rejected',
      'fulfilled',
    ]);
    for (const outcome of outcomes.filter((o) => o.status === 'rejected')) {
      expect(String(outcome.reason)).toMatch(/foreign key/i);
    }
    const progress = () =>
      t.db
        .selectFrom('reading_progress')
        .select(['book_id', 'page_number'])
        .where('user_id', '=', 'pk-reader')
        .execute();
    expect(await progress()).toEqual([{ book_id: 'pk-book', page_number: 2 }]);
    // Deleting the book still takes its progress with it at once.
    await t.db.deleteFrom('book').where('id', '=', 'pk-book').execute();
    expect(await progress()).toEqual([]);
  });
});
