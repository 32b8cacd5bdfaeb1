import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMonthlyBooks } from '#server/test/library-helpers.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';

describe("SQLite's LIMIT and OFFSET", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    await insertMonthlyBooks(t.db, ['a', 'b', 'c', 'd']);
  });
  afterAll(async () => {
    await t?.close();
  });

  const page = (limit: number, offset: number) =>
    t.db.selectFrom('book').select('id').orderBy('added_at', 'desc').limit(limit).offset(offset);

  it('are bound behind a cast, out of the query planner’s sight (a bare `limit ?` is prepared again on every run)', () => {
    expect(page(2, 1).compile().sql).toMatch(/limit cast\(\? as integer\) offset cast\(\? as integer\)$/);
  });

  it('page as before, with each call’s own values on the same statement', async () => {
    const ids = async (limit: number, offset: number) =>
      (await page(limit, offset).execute()).map((r) => r.id);
    expect(await ids(2, 0)).toEqual(['d', 'c']);
    expect(await ids(2, 1)).toEqual(['c', 'b']);
    expect(await ids(3, 2)).toEqual(['b', 'a']);
    expect(await ids(1, 3)).toEqual(['a']);
  });
});
