// The shared, pipelined PostgreSQL connections (postgres-pipeline.ts), against a real server:
// what a module sees must be what a connection of its own gave it.
import { randomBytes } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { engines, useTestSchema, withAdminClient } from '#server/test/test-app.ts';
import { migrateToLatest } from './migrate.ts';
import { SHARED_CONNECTIONS } from './postgres-pipeline.ts';
import type { Database } from './schema.ts';
import { throughSearchIndexes } from './search-query.ts';

/** The server process that answered (a read: on a shared connection outside transactions). */
const backend = async (db: Kysely<Database>) =>
  (await db.selectNoFrom(sql<number>`pg_backend_pid()`.as('pid')).executeTakeFirstOrThrow()).pid;

describe.runIf(engines.includes('postgres'))('statements on shared PostgreSQL connections', () => {
  let db: Kysely<Database>;
  useTestSchema((opened) => {
    db = opened;
  });

  it('answers each of many statements at once with its own rows, over a few connections', async () => {
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, n) =>
        db
          .selectNoFrom([sql<number>`${n}::int`.as('n'), sql<number>`pg_backend_pid()`.as('pid')])
          .executeTakeFirstOrThrow(),
      ),
    );
    expect(answers.map((row) => row.n)).toEqual(Array.from({ length: 200 }, (_, n) => n));
    const backends = new Set(answers.map((row) => row.pid));
    expect(backends.size).toBeLessThanOrEqual(SHARED_CONNECTIONS);
  });

  it('fails a failing statement alone, not the ones sent with it', async () => {
    const read = (n: string) => db.selectNoFrom(sql<number>`${sql.raw(n)}`.as('n')).executeTakeFirst();
    const [before, failed, after] = await Promise.allSettled([read('1'), read('1 / 0'), read('2')]);
    expect(before).toEqual({ status: 'fulfilled', value: { n: 1 } });
    expect(failed).toMatchObject({ status: 'rejected', reason: { message: 'division by zero' } });
    expect(after).toEqual({ status: 'fulfilled', value: { n: 2 } });
  });

  it('gives a transaction one connection of its own, unseen by statements outside it until it commits', async () => {
    const id = `pipeline-${randomBytes(4).toString('hex')}`;
    const seenOutside = () => db.selectFrom('category').select('id').where('id', '=', id).executeTakeFirst();
    await db.transaction().execute(async (trx) => {
      const first = await backend(trx);
      await trx
        .insertInto('category')
        .values({ id, title: 'Pipeline', title_ar: 'خط', sort_order: 99 })
        .execute();
      // Statements outside go on meanwhile, and do not see the uncommitted row.
      const outside = await Promise.all(Array.from({ length: 20 }, seenOutside));
      expect(outside.every((row) => row === undefined)).toBe(true);
      await sql`select set_config('sahifa.probe', 'kept', true)`.execute(trx);
      const probe = await sql<{ probe: string }>`select current_setting('sahifa.probe') as probe`.execute(
        trx,
      );
      expect(probe.rows[0]?.probe).toBe('kept');
      expect(await backend(trx)).toBe(first);
    });
    expect(await seenOutside()).toEqual({ id });
  });

  it('keeps reads going while a write waits for a row lock', async () => {
    const id = `pipeline-${randomBytes(4).toString('hex')}`;
    await db.insertInto('category').values({ id, title: 'Locked', title_ar: 'خط', sort_order: 97 }).execute();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked = () => {};
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const locking = db.transaction().execute(async (trx) => {
      await trx.updateTable('category').set({ title: 'Held' }).where('id', '=', id).execute();
      locked();
      await held;
    });
    await lockTaken;
    // Waits for the transaction's row lock.
    const waiting = db.updateTable('category').set({ title: 'After' }).where('id', '=', id).execute();
    const reads = Promise.all(Array.from({ length: 20 }, () => backend(db)));
    // Reads stuck behind the write would wait for the lock: give up after 5 s and let it go.
    const outcome = await Promise.race([reads.then(() => 'read'), setTimeout(5_000, 'stuck')]);
    release();
    await locking;
    await waiting;
    expect(outcome).toBe('read');
    expect(await db.selectFrom('category').select('title').where('id', '=', id).executeTakeFirst()).toEqual({
      title: 'After',
    });
  });

  it('rolls a failed transaction back on its own connection', async () => {
    const id = `pipeline-${randomBytes(4).toString('hex')}`;
    await expect(
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto('category')
          .values({ id, title: 'Gone', title_ar: 'خط', sort_order: 98 })
          .execute();
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(
      await db.selectFrom('category').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('replaces a shared connection that was lost', async () => {
    const lost = await backend(db);
    await withAdminClient((client) => client.query('select pg_terminate_backend($1)', [lost]));
    // The statement that meets the closed connection may fail; the ones after it do not.
    await expect.poll(() => backend(db).catch(() => lost), { timeout: 5_000 }).not.toBe(lost);
    const after = await Promise.all(Array.from({ length: 10 }, () => backend(db)));
    expect(after).not.toContain(lost);
  });

  it('sends searches down read-only connections of their own, planned through the indexes', async () => {
    const search = throughSearchIndexes(db);
    const settings = (reader: Kysely<Database>) =>
      sql<{ seqscan: string; readOnly: string; categories: number }>`
        select current_setting('enable_seqscan') as seqscan,
          current_setting('transaction_read_only') as "readOnly",
          (select count(*)::int from category) as categories`
        .execute(reader)
        .then(({ rows }) => rows[0]);
    const [searching, reading] = await Promise.all([settings(search), settings(db)]);
    // The same database and schema; only the searches' planner and access differ.
    expect(searching).toEqual({ seqscan: 'off', readOnly: 'on', categories: reading?.categories });
    expect(reading).toMatchObject({ seqscan: 'on', readOnly: 'off' });
    const searchers = new Set(await Promise.all(Array.from({ length: 20 }, () => backend(search))));
    const readers = new Set(await Promise.all(Array.from({ length: 20 }, () => backend(db))));
    expect(searchers.size).toBeLessThanOrEqual(SHARED_CONNECTIONS);
    expect([...searchers].filter((pid) => readers.has(pid))).toEqual([]);
    await expect(
      search
        .insertInto('category')
        .values({ id: 'never', title: 'Never', title_ar: 'أبدا', sort_order: 96 })
        .execute(),
    ).rejects.toThrow('cannot execute INSERT in a read-only transaction');
  });

  it('keeps one session through db.connection()', async () => {
    await db.connection().execute(async (session) => {
      const first = await backend(session);
      await sql`select set_config('sahifa.probe', 'kept', false)`.execute(session);
      await Promise.all(Array.from({ length: 20 }, () => backend(db)));
      const probe = await sql<{ probe: string }>`select current_setting('sahifa.probe') as probe`.execute(
        session,
      );
      expect(probe.rows[0]?.probe).toBe('kept');
      expect(await backend(session)).toBe(first);
    });
  });

  it('releases the migrator’s advisory lock on the session that took it', async () => {
    await migrateToLatest(db);
    // This database's shared connections (other test files migrate beside this one).
    const pids = new Set(await Promise.all(Array.from({ length: 50 }, () => backend(db))));
    const held = await withAdminClient((client) =>
      client.query(
        `select count(*)::int as n from pg_locks where locktype = 'advisory' and pid = any($1::int[])`,
        [[...pids]],
      ),
    );
    expect(pids.size).toBe(SHARED_CONNECTIONS);
    expect(held.rows[0].n).toBe(0);
  });
});
