import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_NUMBER_START } from '#server/db/migrations/0001_initial.ts';
import { createTestApp, engines, type TestApp } from '#server/test/test-app.ts';
import { migrateToLatest } from './migrate.ts';

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
});
