// Opens the database named by the config: a SQLite file by default, PostgreSQL for postgres:// URLs.
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresAdapter, type SqliteDatabase, type SqliteStatement, sql } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '#server/config.ts';
import { PipelinedKysely } from './postgres-pipeline.ts';
import { pipelinedClient } from './postgres-shared-connections.ts';
import type { Database } from './schema.ts';
import { SEARCH_PLANNER_SETTINGS } from './search-query.ts';
import { SahifaSqliteDialect } from './sqlite-dialect.ts';
import { registerSqlite } from './sqlite-now.ts';
import { withArrayRows } from './sqlite-rows.ts';

export type Engine = 'sqlite' | 'postgres';

/** Which engine `db` speaks to, for the few statements written differently for each. */
export function engineOf(db: Kysely<Database>): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: Engine;
  /**
   * SQLite only: the raw connection, for a statement that must run inside whatever transaction
   * the connection has open (see auth/user-number.ts). Everything else goes through `db`.
   */
  sqlite: SQLite.Database | null;
  /**
   * True when the database answers a trivial query (the health check); at once on SQLite, whose
   * queries run on this thread, else a promise.
   */
  ping(): boolean | Promise<boolean>;
  /** Closes the pool / file; safe to call twice. */
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL only: schema to put first on the search_path (tests give each file its own). */
  pgSchema?: string;
}

export function openDatabase(config: DatabaseConfig, options: OpenDatabaseOptions = {}): DatabaseHandle {
  if (config.kind === 'postgres')
    return handleOf(openPostgres(config.url, options.pgSchema), 'postgres', null);
  const sqlite = openSqliteFile(config.file);
  const statements = withStatementCache(sqlite);
  const db = new Kysely<Database>({ dialect: new SahifaSqliteDialect({ database: statements }) });
  registerSqlite(db, sqlite, statements);
  return handleOf(db, 'sqlite', sqlite);
}

function handleOf(db: Kysely<Database>, engine: Engine, sqlite: SQLite.Database | null): DatabaseHandle {
  let closed: Promise<void> | null = null;
  return {
    db,
    engine,
    sqlite,
    // On PostgreSQL a select Kysely knows is a read: it goes down the reads' shared connections,
    // not behind the writes committed together (postgres-pipeline.ts).
    ping: sqlite
      ? sqlitePing(sqlite)
      : () => db.selectNoFrom(sql<number>`1`.as('one')).execute().then(yes, no),
    close: () => {
      closed ??= db.destroy();
      return closed;
    },
  };
}

const yes = () => true;
const no = () => false;

/**
 * SQLite answers in-process: the statement is run directly, not through Kysely's connection queue
 * and its promises, which cost a health check as much as the rest of its answer (docs/performance.md).
 */
function sqlitePing(database: SQLite.Database): () => boolean {
  let statement: SQLite.Statement | null = null;
  return () => {
    try {
      statement ??= database.prepare('select 1').pluck();
      return statement.get() === 1;
    } catch {
      return false;
    }
  };
}

function openSqliteFile(file: string): SQLite.Database {
  mkdirSync(path.dirname(file), { recursive: true });
  const database = new SQLite(file);
  // WAL lets readers run while one writer writes; busy_timeout waits instead of failing
  // when another process (e.g. `npm run seed` beside a running server) holds the lock.
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  // A commit does not wait for the disk's flush, which stalls the whole event loop: a process
  // crash loses nothing, a power cut the last moments' writes (decision 015).
  database.pragma('synchronous = NORMAL');
  return database;
}

/** Prepared statements kept per SQL text; beyond this many the least recently used goes. */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * Kysely asks better-sqlite3 to prepare every query's SQL afresh, and the app sends the same few
 * hundred SQL texts again and again: a prepared statement is kept and run again with new
 * parameters (docs/performance.md: about a tenth of a request's CPU). Kysely runs one query at a
 * time on the connection, so a statement is never in use twice at once.
 */
function withStatementCache(database: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => database.close(),
    prepare(sql) {
      let statement = statements.get(sql);
      if (statement) {
        statements.delete(sql);
      } else {
        statement = withArrayRows(database.prepare(sql));
        if (statements.size >= STATEMENT_CACHE_SIZE)
          statements.delete(statements.keys().next().value as string);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}

function openPostgres(url: string, schema: string | undefined): Kysely<Database> {
  // Server settings for a connection (pg's `options`): the test's schema first, then `extra`.
  const options = (extra: Readonly<Record<string, string>>) =>
    Object.entries({ ...(schema ? { search_path: schema } : {}), ...extra })
      .map(([name, value]) => `-c ${name}=${value}`)
      .join(' ');
  const settings = { connectionString: url, options: options({}) };
  // The pool serves writes and transactions; reads share pipelined connections (postgres-pipeline.ts),
  // and searches share two more set to plan through the full-text indexes (search-query.ts).
  const pool = new pg.Pool({ ...settings, max: 10 });
  pool.on('connect', preparePerConnection);
  const opener = (clientSettings: pg.ClientConfig) => () => {
    const client = pipelinedClient(clientSettings);
    preparePerConnection(client);
    return client;
  };
  return new PipelinedKysely(
    pool,
    opener(settings),
    opener({ ...settings, options: options(SEARCH_PLANNER_SETTINGS) }),
  );
}

/**
 * PostgreSQL parses and plans every query it is sent; a named statement is parsed once per
 * connection and then only executed (the same saving as SQLite's statement cache above). Kysely
 * sends `query(text, values)`: each query with values becomes a statement named after its text.
 * Queries without values (transaction control, migrations' DDL) are sent as they are.
 */
function preparePerConnection(client: pg.Client): void {
  // Through the prototype at each call, as the client's own method would be (and as a test's spy sees it).
  const query = (...args: unknown[]) =>
    (pg.Client.prototype.query as (...a: unknown[]) => unknown).apply(client, args);
  client.query = ((text: unknown, values?: unknown, callback?: unknown) => {
    if (typeof text !== 'string' || !Array.isArray(values) || values.length === 0)
      return query(text, values, callback);
    if (callback !== undefined) return query({ name: statementName(text), text, values }, callback);
    return namedQuery(query, text, values);
  }) as typeof client.query;
}

/**
 * What `query({ name, text, values })` answers, for a promise: a pg.Query made from the text and
 * then named. pg copies a config object through its property descriptors, so as not to change
 * the caller's (brianc/node-postgres#3720; pg 8.23 here): ~4.3 µs a query, against ~0.15 µs for a
 * text (docs/performance.md, 2026-11-28, seventeenth session).
 */
function namedQuery(query: (submitted: pg.Query) => unknown, text: string, values: unknown[]) {
  return new Promise<pg.QueryResult>((resolve, reject) => {
    const named: pg.Query & { name?: string } = new pg.Query(text, values, (error, result) =>
      error ? reject(error) : resolve(result as unknown as pg.QueryResult),
    );
    // Read by pg when the query is sent, as a config's `name` would be.
    named.name = statementName(text);
    query(named);
  });
}

/**
 * Each text's name, hashed once (a hash costs ~2 µs). It holds no more texts than pg's own
 * record of the statements each connection has prepared.
 */
const statementNames = new Map<string, string>();

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `s${createHash('sha1').update(text).digest('base64url')}`;
    statementNames.set(text, name);
  }
  return name;
}
