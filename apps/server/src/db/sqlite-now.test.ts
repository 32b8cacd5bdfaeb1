import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMonthlyBooks } from '#server/test/library-helpers.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';
import { compiledQuery } from './compiled-query.ts';
import { sqliteTransaction } from './sqlite-now.ts';

describe('sqliteTransaction', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    await insertMonthlyBooks(t.db, ['a', 'b', 'c']);
  });
  afterAll(async () => {
    await t?.close();
  });

  const retitle = () =>
    compiledQuery(t.db, 2, (id: string, title: string) =>
      t.db.updateTable('book').set({ title }).where('book.id', '=', id).returning('book.title'),
    );
  const titleOf = () =>
    compiledQuery(t.db, 1, (id: string) =>
      t.db.selectFrom('book').select('book.title').where('book.id', '=', id),
    );
  const title = async (id: string) => (await titleOf()(id))[0]?.title;

  /** A Kysely transaction that retitles book `id`, then waits between two statements with the connection held until `finish()`, and rolls back. */
  async function heldKyselyTransaction(id: string, newTitle: string) {
    let finish = () => {};
    const held = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const kysely = t.db.transaction().execute(async (trx) => {
      await trx.updateTable('book').set({ title: newTitle }).where('book.id', '=', id).execute();
      await held;
      throw new Error('rolled back');
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    return { kysely, finish };
  }

  it('commits its statements together, with their rows as the query run through Kysely gives them', async () => {
    const [set, read] = [retitle(), titleOf()];
    const rows = await sqliteTransaction(t.db, () => {
      set.now('a', 'Committed');
      return read.now('a');
    });
    expect(rows).toEqual(await read('a'));
    expect(rows).toEqual([{ title: 'Committed' }]);
  });

  it('keeps none of its writes when its work throws', async () => {
    const set = retitle();
    const before = await title('b');
    await expect(
      sqliteTransaction(t.db, () => {
        set.now('b', 'Rolled back');
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await title('b')).toBe(before);
  });

  it('commits the works asked for together, each answered as its own; one that throws takes back only its own', async () => {
    const [set, read] = [retitle(), titleOf()];
    const before = await title('b');
    const works = [
      sqliteTransaction(t.db, () => set.now('a', 'Together A')),
      sqliteTransaction(t.db, () => {
        set.now('b', 'Taken back');
        throw new Error('refused');
      }),
      sqliteTransaction(t.db, () => {
        set.now('c', 'Together C');
        return read.now('b');
      }),
    ];
    const [a, b, c] = await Promise.allSettled(works);
    expect(a).toEqual({ status: 'fulfilled', value: [{ title: 'Together A' }] });
    expect(b).toMatchObject({ status: 'rejected', reason: new Error('refused') });
    // The third work ran after the second's savepoint was rolled back.
    expect(c).toEqual({ status: 'fulfilled', value: [{ title: before }] });
    expect([await title('a'), await title('b'), await title('c')]).toEqual([
      'Together A',
      before,
      'Together C',
    ]);
  });

  it('writes the pages of the works asked for together to the log once, not once per work', async () => {
    // A second connection to the same file reads how many pages the log holds.
    const log = new SQLite(path.join(t.dataDir, 'sahifa.db'));
    const pagesLogged = async (writes: () => Promise<unknown>) => {
      log.pragma('wal_checkpoint(TRUNCATE)');
      await writes();
      return (log.pragma('wal_checkpoint(PASSIVE)') as { log: number }[])[0]?.log ?? 0;
    };
    const set = retitle();
    const write = (id: string, title: string) => sqliteTransaction(t.db, () => set.now(id, title));
    try {
      const oneByOne = await pagesLogged(async () => {
        for (const id of ['a', 'b', 'c']) await write(id, `One by one ${id}`);
      });
      const together = await pagesLogged(() =>
        Promise.all(['a', 'b', 'c'].map((id) => write(id, `Together ${id}`))),
      );
      // The three rows share a page: one commit logs it once, three commits three times.
      expect(together).toBeGreaterThan(0);
      expect(together).toBeLessThan(oneByOne);
    } finally {
      log.close();
    }
  });

  it('waits for a Kysely transaction that is open, and does not join it', async () => {
    const set = retitle();
    const { kysely, finish } = await heldKyselyTransaction('c', 'From Kysely');
    let ran = false;
    const now = sqliteTransaction(t.db, () => {
      ran = true;
      return set.now('a', 'After Kysely');
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(ran).toBe(false);
    finish();
    await expect(kysely).rejects.toThrow('rolled back');
    expect(await now).toEqual([{ title: 'After Kysely' }]);
    // Kysely's rollback took only its own write.
    expect(await title('a')).toBe('After Kysely');
    expect(await title('c')).not.toBe('From Kysely');
  });

  it("runs a compiled query at once, but not inside a Kysely transaction's half-done work", async () => {
    const read = titleOf();
    const before = await title('c');
    const { kysely, finish } = await heldKyselyTransaction('c', 'Not yet');
    let answer: unknown;
    const reading = read('c').then((rows) => {
      answer = rows;
      return rows;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    // The same connection would see the uncommitted title: the query waits its turn instead.
    expect(answer).toBeUndefined();
    finish();
    await expect(kysely).rejects.toThrow('rolled back');
    expect(await reading).toEqual([{ title: before }]);
  });

  it('refuses a statement run at once outside its work', () => {
    expect(() => titleOf().now('a')).toThrow('.now runs only inside sqliteTransaction');
  });
});
