// SQLite's everyday writes (a like, a post, a progress save) as one synchronous better-sqlite3
// transaction of statements compiled once (compiled-query.ts, `.now`). Through Kysely a like's
// transaction made ~70 promises (the connection's lock, begin, each statement, commit), and on
// Node 20 every promise pays the hooks that better-auth's AsyncLocalStorage switches on for the
// whole process: 12-16 µs a like against 6 µs this way (docs/performance.md). A compiled query
// outside a transaction (the preview's, the feed's…) runs at once the same way (runAtOnce).
// PostgreSQL's writes have their own one-statement forms; everything else goes through Kysely.
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
}

const opened = new WeakMap<Kysely<Database>, OpenSqlite>();

/** Called by openDatabase for each SQLite database it opens. */
export function registerSqlite(db: Kysely<Database>, raw: SQLite.Database, statements: SqliteDatabase): void {
  opened.set(db, {
    raw,
    statements,
    transaction: raw.transaction((work: () => unknown) => work()),
    working: false,
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
 * Runs `work` (which runs statements with `.now` and must not await) as one transaction: at once
 * when the database has no transaction open; otherwise a Kysely transaction is waiting between
 * two of its statements, and `work` runs once Kysely hands over the connection after it.
 */
export async function sqliteTransaction<T>(db: Kysely<Database>, work: () => T): Promise<T> {
  const sqlite = sqliteOf(db);
  if (!sqlite.raw.inTransaction) return runWork(sqlite, work);
  return db.connection().execute(async () => runWork(sqlite, work));
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
