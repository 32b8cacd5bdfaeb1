// db/kysely.ts names each PostgreSQL query with values after its text, so that PostgreSQL parses
// it once per connection: against a real server, what that connection has prepared, and answers.
import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { engines, useTestSchema } from '#server/test/test-app.ts';
import type { Database } from './schema.ts';

describe.runIf(engines.includes('postgres'))('named statements on PostgreSQL', () => {
  let db: Kysely<Database>;
  useTestSchema((opened) => {
    db = opened;
  });

  it('prepares a query with values once per connection and answers each run with its own values', async () => {
    // A transaction keeps every statement on one connection.
    const { answers, prepared } = await db.transaction().execute(async (trx) => {
      const answers = [];
      for (const id of ['first-id', 'second-id', 'first-id'])
        answers.push(await trx.selectNoFrom(sql<string>`${id}::text`.as('id')).executeTakeFirstOrThrow());
      // No values: sent as it is, unnamed.
      const prepared = await sql<{ name: string; statement: string }>`
        select name, statement from pg_prepared_statements where statement like '%::text as "id"%'`.execute(
        trx,
      );
      return { answers, prepared: prepared.rows };
    });
    expect(answers).toEqual([{ id: 'first-id' }, { id: 'second-id' }, { id: 'first-id' }]);
    expect(prepared).toHaveLength(1);
    expect(prepared[0]?.name).toMatch(/^s[\w-]{27}$/);
  });

  it('rejects a failing query with values with PostgreSQL’s error', async () => {
    await expect(db.selectNoFrom(sql<number>`1 / ${0}::int`.as('n')).execute()).rejects.toMatchObject({
      message: 'division by zero',
    });
  });
});
