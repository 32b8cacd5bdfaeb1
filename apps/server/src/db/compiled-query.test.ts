import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMonthlyBooks } from '#server/test/library-helpers.ts';
import { createTestApp, engines, type TestApp } from '#server/test/test-app.ts';
import { compiledQuery } from './compiled-query.ts';

describe.each(engines)('compiledQuery on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
    await insertMonthlyBooks(t.db, ['a', 'b', 'c']);
  });
  afterAll(async () => {
    await t?.close();
  });

  const newer = (since: string, limit: number) =>
    t.db
      .selectFrom('book')
      .select(['book.id'])
      .where('book.added_at', '>', since)
      .where('book.category_id', '=', 'c')
      .orderBy('book.added_at', 'desc')
      .limit(limit);

  it('answers each call with its own values, as the query built each time does', async () => {
    const query = compiledQuery(t.db, 2, newer);
    for (const [since, limit] of [
      ['2023-12-31', 10],
      ['2024-01-15', 10],
      ['2024-01-15', 1],
      ['2025-01-01', 5],
    ] as const) {
      expect(await query(since, limit)).toEqual(await newer(since, limit).execute());
    }
    expect((await query('2024-01-15', 10)).map((r) => r.id)).toEqual(['c', 'b']);
  });

  it('refuses a query whose value does not reach it as a bound parameter', () => {
    expect(() =>
      compiledQuery(t.db, 1, (title: string) =>
        t.db
          .selectFrom('book')
          .select('book.id')
          .where(sql<boolean>`book.title = ${sql.lit(title)}`),
      ),
    ).toThrow(/value 0 is not a bound parameter/);
  });
});
