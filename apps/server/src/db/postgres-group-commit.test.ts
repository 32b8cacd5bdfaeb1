// Writes outside a transaction committed together on PostgreSQL (postgres-group-commit.ts),
// against a real server: each write must get the answer it would have got alone.
import { randomBytes } from 'node:crypto';
import { Socket } from 'node:net';
import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { engines, useTestSchema, withAdminClient } from '#server/test/test-app.ts';
import { openDatabase } from './kysely.ts';
import type { Database } from './schema.ts';

const newId = () => `group-${randomBytes(4).toString('hex')}`;

describe.runIf(engines.includes('postgres'))('writes committed together on PostgreSQL', () => {
  let db: Kysely<Database>;

  const addCategory = (id: string, title = 'Together') =>
    db
      .insertInto('category')
      .values({ id, title, title_ar: 'معا', sort_order: 90 })
      .returning('id')
      .executeTakeFirstOrThrow();
  /** The statement the server process `pid` runs (or ran last). */
  const runningOn = async (pid: number | undefined): Promise<string | undefined> => {
    const { rows } = await withAdminClient((client) =>
      client.query(`select query from pg_stat_activity where pid = $1`, [pid]),
    );
    return rows[0]?.query;
  };
  /** The server process that runs the writes (raw SQL counts as a write). */
  const writer = async () =>
    (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]?.pid;
  useTestSchema((opened) => {
    db = opened;
  });

  it('commits writes asked for together in one transaction, each answered with its own rows', async () => {
    const ids = Array.from({ length: 30 }, newId);
    const answers = await Promise.all(ids.map((id) => addCategory(id)));
    expect(answers).toEqual(ids.map((id) => ({ id })));
    // The transaction that wrote each row.
    const writtenBy = await db
      .selectFrom('category')
      .select(sql<string>`xmin::text`.as('xmin'))
      .where('id', 'in', ids)
      .execute();
    expect(writtenBy).toHaveLength(30);
    expect(new Set(writtenBy.map((row) => row.xmin)).size).toBe(1);
  });

  it('sends a batch to the server in one write to its socket, not one per statement', async () => {
    await addCategory(newId()); // the writes' connection is open
    const writev = vi.spyOn(Socket.prototype, '_writev');
    const write = vi.spyOn(Socket.prototype, '_write');
    try {
      await Promise.all(Array.from({ length: 30 }, () => addCategory(newId())));
      // begin, the lock timeout, 30 inserts and commit: 33 writes to the socket when not corked.
      expect(writev.mock.calls.length + write.mock.calls.length).toBe(1);
    } finally {
      writev.mockRestore();
      write.mockRestore();
    }
  });

  /** The other handles' close, called after each test too (closing twice is closing once): a failed
   * test leaves none open. */
  const othersOpen: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(othersOpen.splice(0).map((close) => close()));
  });

  /** Another handle on this test's schema, to close while its writes are under way. */
  const openAnother = async () => {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    const another = openDatabase(
      { kind: 'postgres', url: process.env.TEST_DATABASE_URL ?? '' },
      { pgSchema: rows[0]?.schema ?? '' },
    );
    othersOpen.push(another.close);
    const add = (id: string) =>
      another.db
        .insertInto('category')
        .values({ id, title: 'Before closing', title_ar: 'قبل الإغلاق', sort_order: 91 })
        .execute();
    await add(newId()); // its writes' connection is open, and no batch is under way
    return { add, close: another.close };
  };
  const keptOf = async (ids: string[]) =>
    (await db.selectFrom('category').select('id').where('id', 'in', ids).execute())
      .map((row) => row.id)
      .sort();

  it('answers every write asked for before the database is closed, and keeps them all', async () => {
    const closing = await openAnother();
    const first = Array.from({ length: 20 }, newId);
    const second = Array.from({ length: 20 }, newId);
    const firstAnswered = Promise.allSettled(first.map(closing.add));
    await new Promise((resolve) => setImmediate(resolve)); // the first batch is sent
    // The second waits for the first's answer while the database closes.
    const secondAnswered = Promise.allSettled(second.map(closing.add));
    await closing.close();
    const outcomes = [...(await firstAnswered), ...(await secondAnswered)];
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
    expect(await keptOf([...first, ...second])).toEqual([...first, ...second].sort());
  });

  it('answers the writes of a rolled-back batch, each sent again alone, before the database closes', async () => {
    const closing = await openAnother();
    const taken = newId();
    await addCategory(taken);
    const fresh = Array.from({ length: 10 }, newId);
    const answered = Promise.allSettled([...fresh, taken].map(closing.add));
    await new Promise((resolve) => setImmediate(resolve)); // they wait to be sent together
    await closing.close();
    const outcomes = await answered;
    expect(outcomes.slice(0, 10).every((outcome) => outcome.status === 'fulfilled')).toBe(true);
    const refused = outcomes[10];
    expect(refused?.status === 'rejected' && String(refused.reason)).toMatch(/duplicate key/);
    expect(await keptOf(fresh)).toEqual([...fresh].sort());
  });

  it('gives each write of a batch its own outcome when one of them fails', async () => {
    const taken = newId();
    await addCategory(taken, 'First');
    const [before, clash, after] = await Promise.allSettled([
      addCategory(newId()),
      addCategory(taken, 'Second'),
      addCategory(newId()),
    ]);
    expect(before.status).toBe('fulfilled');
    expect(clash).toMatchObject({ status: 'rejected', reason: { code: '23505' } });
    expect(after.status).toBe('fulfilled');
    const kept = await db
      .selectFrom('category')
      .select(['id', 'title'])
      .where('id', 'in', [
        taken,
        (before as PromiseFulfilledResult<{ id: string }>).value.id,
        (after as PromiseFulfilledResult<{ id: string }>).value.id,
      ])
      .orderBy('title')
      .execute();
    expect(kept.map((row) => row.title)).toEqual(['First', 'Together', 'Together']);
  });

  it('gives each write of a batch its own outcome when the commit itself is refused', async () => {
    // A key checked at the commit (as reading progress's are): every statement of the batch
    // succeeds, then PostgreSQL refuses the commit.
    await sql`
      create table if not exists checked_at_commit (
        id text primary key,
        category_id text not null references category (id) deferrable initially deferred
      )`.execute(db);
    const category = newId();
    await addCategory(category);
    const add = (categoryId: string) => {
      const id = newId();
      return sql`insert into checked_at_commit (id, category_id) values (${id}, ${categoryId})`
        .execute(db)
        .then(() => id);
    };
    const [before, refused, after] = await Promise.allSettled([add(category), add(newId()), add(category)]);
    expect(refused).toMatchObject({ status: 'rejected', reason: { code: '23503' } });
    const kept = await sql<{ id: string }>`select id from checked_at_commit order by id`.execute(db);
    expect(kept.rows.map((row) => row.id).sort()).toEqual(
      [before, after].map((outcome) => (outcome as PromiseFulfilledResult<string>).value).sort(),
    );
  });

  it('counts the rows each write of a batch changed', async () => {
    const title = `Counted ${randomBytes(3).toString('hex')}`;
    await Promise.all([addCategory(newId(), title), addCategory(newId(), title)]);
    const [both, none] = await Promise.all([
      db.updateTable('category').set({ sort_order: 91 }).where('title', '=', title).executeTakeFirst(),
      db.updateTable('category').set({ sort_order: 91 }).where('title', '=', 'nobody').executeTakeFirst(),
    ]);
    expect(both.numUpdatedRows).toBe(2n);
    expect(none.numUpdatedRows).toBe(0n);
  });

  it('fails the writes of a batch whose connection is lost, keeps none of them, and goes on', async () => {
    const lost = await writer();
    const added = newId();
    const batch = Promise.allSettled([addCategory(added), sql`select pg_sleep(5)`.execute(db)]);
    // The batch is in the middle of its transaction; then its connection is cut.
    await expect.poll(() => runningOn(lost)).toContain('pg_sleep');
    await withAdminClient((client) => client.query('select pg_terminate_backend($1)', [lost]));
    const outcomes = await batch;
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    expect(
      await db.selectFrom('category').select('id').where('id', '=', added).executeTakeFirst(),
    ).toBeUndefined();
    // The next writes go down a new connection.
    const next = newId();
    expect(await addCategory(next)).toEqual({ id: next });
    expect(await writer()).not.toBe(lost);
  });

  /** Holds `id`'s row locked in a transaction of its own until `release()`. */
  async function holdRow(id: string) {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let taken = () => {};
    const lockTaken = new Promise<void>((resolve) => (taken = resolve));
    let inside: Kysely<Database> | undefined;
    const done = db.transaction().execute(async (trx) => {
      await trx.updateTable('category').set({ title: 'Held' }).where('id', '=', id).execute();
      inside = trx;
      taken();
      await held;
    });
    await lockTaken;
    return { trx: inside as Kysely<Database>, release, done };
  }
  const retitle = (id: string, title: string) =>
    db.updateTable('category').set({ title }).where('id', '=', id).executeTakeFirst();
  const titleOf = async (id: string) =>
    (await db.selectFrom('category').select('title').where('id', '=', id).executeTakeFirstOrThrow()).title;

  it('does not keep the writes behind it waiting while one waits for a row another transaction holds', async () => {
    const locked = newId();
    await addCategory(locked);
    const lock = await holdRow(locked);
    const waiting = retitle(locked, 'Waited');
    const besides = newId();
    // Written with the waiting one, and after it, while the lock is still held.
    expect(await addCategory(besides)).toEqual({ id: besides });
    expect(await addCategory(`${besides}-next`)).toEqual({ id: `${besides}-next` });
    lock.release();
    await lock.done;
    expect((await waiting).numUpdatedRows).toBe(1n);
    expect(await titleOf(locked)).toBe('Waited');
  });

  it('sends the next batch while the one before is still being answered', async () => {
    await addCategory(newId()); // the writes' connection is open
    const writerPid = await writer();
    const first = sql`select pg_sleep(1)`.execute(db);
    await expect.poll(() => runningOn(writerPid)).toContain('pg_sleep');
    const writev = vi.spyOn(Socket.prototype, '_writev');
    const write = vi.spyOn(Socket.prototype, '_write');
    try {
      const next = newId();
      const added = addCategory(next);
      // Written to the socket while the sleep still runs: not after its answer.
      await expect.poll(() => writev.mock.calls.length + write.mock.calls.length, { timeout: 500 }).toBe(1);
      expect(await runningOn(writerPid)).toContain('pg_sleep');
      await first;
      expect(await added).toEqual({ id: next });
    } finally {
      writev.mockRestore();
      write.mockRestore();
    }
  });

  it('gives way to a transaction waiting for a row it holds, when it waits for one the transaction holds', async () => {
    const [first, second] = [newId(), newId()];
    await Promise.all([addCategory(first), addCategory(second)]);
    const writerPid = await writer();
    const lock = await holdRow(first);
    // One batch: it takes `second`, pauses, then needs `first`.
    const batch = Promise.all([
      retitle(second, 'Batch'),
      sql`select pg_sleep(0.3)`.execute(db),
      retitle(first, 'Batch'),
    ]);
    await expect.poll(() => runningOn(writerPid)).toContain('pg_sleep');
    // Meanwhile the transaction needs `second`, and waits first: a deadlock that PostgreSQL would
    // end by failing the transaction, unless the batch gives way.
    const needsSecond = lock.trx
      .updateTable('category')
      .set({ title: 'Transaction' })
      .where('id', '=', second)
      .execute();
    await needsSecond;
    lock.release();
    await lock.done;
    // Run again alone, after the transaction: every write is there.
    const [toSecond, , toFirst] = await batch;
    expect([toSecond.numUpdatedRows, toFirst.numUpdatedRows]).toEqual([1n, 1n]);
    expect([await titleOf(first), await titleOf(second)]).toEqual(['Batch', 'Batch']);
  });
});
