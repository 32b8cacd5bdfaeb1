// SQLite's everyday writes (a like, a post, a progress save) as one synchronous better-sqlite3
// transaction of statements compiled once (compiled-query.ts, `.now`). Through Kysely a like's
// transaction made ~70 promises (the connection's lock, begin, each statement, commit), and on
// Node 20 every promise pays the hooks that better-auth's AsyncLocalStorage switches on for the
// whole process: 12-16 µs a like against 6 µs this way (docs/performance.md). A compiled query
// outside a transaction (the preview's, the feed's…) runs at once the same way (runAtOnce).
// PostgreSQL's writes have their own one-statement forms; everything else goes through Kysely.
//
// Writes asked for in the same turn of the event loop commit together (group commit): each runs
// in its own savepoint, so one that throws takes back only its own statements, and every one is
// answered once the one commit is done. A commit appends every page it changed to the WAL (~24 KB
// for a post); concurrent posts, likes and progress saves change the same few pages, so one commit
// for all of them writes those pages once (docs/performance.md, 2026-11-27, ninth session).
import type SQLite from 'better-sqlite3';
import type { Kysely, SqliteDatabase } from 'kysely';
import type { Database } from './schema.ts';

interface OpenSqlite {
  raw: SQLite.Database;
  /** The statement cache Kysely's dialect prepares through (kysely.ts), shared with it. */
  statements: SqliteDatabase;
  /** One better-sqlite3 transaction function that runs whatever work it is given. */
  transaction: (work: () => unknown) => unknown;
  /** True while a transaction here runs its work: `.now` statements belong to it. */
  working: boolean;
  /** The works asked for since the last commit, run together at the end of this turn. */
  pending: Pending[] | null;
}

interface Pending {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

const opened = new WeakMap<Kysely<Database>, OpenSqlite>();

/** Called by openDatabase for each SQLite database it opens. */
export function registerSqlite(db: Kysely<Database>, raw: SQLite.Database, statements: SqliteDatabase): void {
  opened.set(db, {
    raw,
    statements,
    transaction: raw.transaction((work: () => unknown) => work()),
    working: false,
    pending: null,
  });
}

function sqliteOf(db: Kysely<Database>): OpenSqlite {
  const sqlite = opened.get(db);
  if (!sqlite) throw new Error('sqliteTransaction and .now need a SQLite database opened by openDatabase');
  return sqlite;
}

function runWork<T>(sqlite: OpenSqlite, work: () => T): T {
  sqlite.working = true;
  try {
    return sqlite.transaction(work) as T;
  } finally {
    sqlite.working = false;
  }
}

/**
 * Runs `work` (which runs statements with `.now` and must not await) in a transaction, committed
 * with the other works asked for in this turn of the event loop; resolves with what `work`
 * returned once that commit is done, or rejects with what it threw (its statements taken back).
 */
export function sqliteTransaction<T>(db: Kysely<Database>, work: () => T): Promise<T> {
  const sqlite = sqliteOf(db);
  return new Promise<T>((resolve, reject) => {
    if (!sqlite.pending) {
      sqlite.pending = [];
      setImmediate(() => commitPending(db, sqlite));
    }
    sqlite.pending.push({ work, resolve: resolve as (value: unknown) => void, reject });
  });
}

/**
 * Commits the pending works: at once when the database has no transaction open; otherwise a
 * Kysely transaction is waiting between two of its statements, and they run once Kysely hands
 * over the connection after it.
 */
function commitPending(db: Kysely<Database>, sqlite: OpenSqlite): void {
  const batch = sqlite.pending ?? [];
  sqlite.pending = null;
  if (!sqlite.raw.inTransaction) {
    commitTogether(sqlite, batch);
    return;
  }
  db.connection()
    .execute(async () => commitTogether(sqlite, batch))
    .catch((error: unknown) => {
      for (const item of batch) item.reject(error);
    });
}

function commitTogether(sqlite: OpenSqlite, batch: Pending[]): void {
  const outcomes: { ok: boolean; value: unknown }[] = [];
  try {
    runWork(sqlite, () => {
      for (const { work } of batch) {
        try {
          // Inside a transaction better-sqlite3 runs a transaction function as a savepoint.
          outcomes.push({ ok: true, value: sqlite.transaction(work) });
        } catch (error) {
          // An error that ended the whole transaction (a full disk…) must not let the works
          // after it run outside one: it fails the batch.
          if (!sqlite.raw.inTransaction) throw error;
          outcomes.push({ ok: false, value: error });
        }
      }
    });
  } catch (error) {
    for (const item of batch) item.reject(error);
    return;
  }
  batch.forEach((item, i) => {
    const outcome = outcomes[i] as { ok: boolean; value: unknown };
    if (outcome.ok) item.resolve(outcome.value);
    else item.reject(outcome.value);
  });
}

/** Runs one compiled statement inside sqliteTransaction's work; its rows as Kysely gives them. */
export function runNow<Row>(db: Kysely<Database>, sql: string, parameters: readonly unknown[]): Row[] {
  const sqlite = sqliteOf(db);
  if (!sqlite.working) throw new Error('.now runs only inside sqliteTransaction');
  return runStatement(sqlite, sql, parameters);
}

/**
 * Runs one compiled statement at once when `db` is SQLite and no transaction is open, as Kysely
 * would run it but without its connection's queue and ~20 promises (each paying the hooks above):
 * a single statement is atomic, and with no transaction open there is nothing it could read half
 * done or join by mistake. Returns undefined otherwise (PostgreSQL, or a Kysely transaction
 * waiting between two of its statements): the caller goes through Kysely and waits its turn.
 */
export function runAtOnce<Row>(
  db: Kysely<Database>,
  sql: string,
  parameters: readonly unknown[],
): Row[] | undefined {
  const sqlite = opened.get(db);
  if (!sqlite || sqlite.raw.inTransaction) return undefined;
  return runStatement(sqlite, sql, parameters);
}

function runStatement<Row>(sqlite: OpenSqlite, sql: string, parameters: readonly unknown[]): Row[] {
  const statement = sqlite.statements.prepare(sql);
  if (statement.reader) return statement.all(parameters) as Row[];
  statement.run(parameters);
  return [];
}
