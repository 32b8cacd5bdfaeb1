// PostgreSQL: a statement that only reads goes down one of a few shared connections in pg's
// pipeline mode, written without waiting for the answers to the statements before it; a write
// outside a transaction goes down a connection of its own kind, committed together with the
// writes asked for with it (postgres-group-commit.ts); a transaction and `db.connection()` take a
// connection of their own from the pool, as Kysely's driver always did.
//
// Why: with a connection checked out per statement, each statement was a write and a wait of
// its own, and the round trip, not PostgreSQL's work, was most of the server's CPU per request
// (~100 µs on the benchmark machine; docs/performance.md, decision 013). On a shared connection
// the statements of many requests travel together.
//
// A shared connection runs its statements one after another, so only statements that cannot
// keep the ones behind them waiting go to the reads' connections: a read waits for no row lock
// and no commit's flush to disk. Each read is its own implicit transaction (pg ends each with a
// Sync): one that fails fails alone.
import {
  type CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  Kysely,
  type OperationNode,
  PostgresAdapter,
  PostgresDialect,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryCompiler,
  type QueryResult,
  SelectQueryNode,
  type TransactionSettings,
} from 'kysely';
import type pg from 'pg';
import { GroupCommit } from './postgres-group-commit.ts';
import { SharedConnections } from './postgres-shared-connections.ts';
import type { Database } from './schema.ts';

/** Connections shared by the reads, and as many by the searches (measured: docs/performance.md). */
export const SHARED_CONNECTIONS = 2;

/**
 * A select without a data-modifying `with` or a locking clause. Raw SQL, whose tree Kysely does
 * not know, counts as a write.
 */
function onlyReads(node: OperationNode): boolean {
  return (
    SelectQueryNode.is(node) &&
    !node.endModifiers?.length &&
    (node.with?.expressions ?? []).every((cte) => onlyReads(cte.expression))
  );
}

/** A read on the shared connections, any other statement with the writes; a transaction keeps a pool connection. */
class StatementConnection implements DatabaseConnection {
  own: DatabaseConnection | undefined;
  readonly #reads: SharedConnections;
  readonly #writes: GroupCommit;

  constructor(reads: SharedConnections, writes: GroupCommit) {
    this.#reads = reads;
    this.#writes = writes;
  }

  executeQuery<Row>(query: CompiledQuery): Promise<QueryResult<Row>> {
    if (this.own) return this.own.executeQuery<Row>(query);
    if (onlyReads(query.query)) return this.#reads.read<Row>(query);
    return this.#writes.write<Row>(query);
  }

  streamQuery<Row>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<Row>> {
    if (!this.own) throw new Error('streaming needs a transaction on PostgreSQL here');
    return this.own.streamQuery<Row>(query, chunkSize);
  }
}

class PipelineDriver implements Driver {
  readonly #pooled: Driver;
  readonly #reads: SharedConnections;
  readonly #writer: SharedConnections;
  readonly #writes: GroupCommit;

  constructor(pooled: Driver, open: () => pg.Client) {
    this.#pooled = pooled;
    this.#reads = new SharedConnections(open, SHARED_CONNECTIONS);
    this.#writer = new SharedConnections(open, 1);
    this.#writes = new GroupCommit(this.#writer, (query) => this.#alone(query));
  }

  init(): Promise<void> {
    return this.#pooled.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new StatementConnection(this.#reads, this.#writes);
  }

  async beginTransaction(connection: StatementConnection, settings: TransactionSettings): Promise<void> {
    connection.own = await this.#pooled.acquireConnection();
    await this.#pooled.beginTransaction(connection.own, settings);
  }

  commitTransaction(connection: StatementConnection): Promise<void> {
    return this.#pooled.commitTransaction(ownOf(connection));
  }

  rollbackTransaction(connection: StatementConnection): Promise<void> {
    return this.#pooled.rollbackTransaction(ownOf(connection));
  }

  async releaseConnection(connection: StatementConnection): Promise<void> {
    const own = connection.own;
    connection.own = undefined;
    if (own) await this.#pooled.releaseConnection(own);
  }

  async destroy(): Promise<void> {
    await this.#writes.settled();
    await Promise.all([this.#reads.end(), this.#writer.end()]);
    await this.#pooled.destroy();
  }

  /** One statement on a pool connection of its own. */
  async #alone(query: CompiledQuery): Promise<QueryResult<unknown>> {
    const own = await this.#pooled.acquireConnection();
    try {
      return await own.executeQuery(query);
    } finally {
      await this.#pooled.releaseConnection(own);
    }
  }
}

function ownOf(connection: StatementConnection): DatabaseConnection {
  if (!connection.own) throw new Error('no transaction on this connection');
  return connection.own;
}

/**
 * Every statement down `reads`, as a read: for a Kysely whose connections only read (PostgreSQL
 * refuses their writes: `default_transaction_read_only`). No transactions: each statement is its own.
 */
class ReadsOnlyDriver implements Driver {
  readonly #reads: SharedConnections;

  constructor(reads: SharedConnections) {
    this.#reads = reads;
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const reads = this.#reads;
    return {
      executeQuery: <Row>(query: CompiledQuery) => reads.read<Row>(query),
      streamQuery: () => {
        throw new Error('no streaming on the shared reads');
      },
    };
  }

  beginTransaction(): Promise<void> {
    throw new Error('no transactions on the shared reads');
  }

  commitTransaction(): Promise<void> {
    throw new Error('no transactions on the shared reads');
  }

  rollbackTransaction(): Promise<void> {
    throw new Error('no transactions on the shared reads');
  }

  async releaseConnection(): Promise<void> {}

  destroy(): Promise<void> {
    return this.#reads.end();
  }
}

/** Kysely's PostgreSQL adapter, compiler and introspector over ReadsOnlyDriver: no pool of its own. */
class ReadsOnlyDialect implements Dialect {
  readonly #reads: SharedConnections;

  constructor(reads: SharedConnections) {
    this.#reads = reads;
  }

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new ReadsOnlyDriver(this.#reads);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}

class PipelineDialect extends PostgresDialect {
  readonly #open: () => pg.Client;

  constructor(pool: pg.Pool, open: () => pg.Client) {
    super({ pool });
    this.#open = open;
  }

  override createDriver(): Driver {
    return new PipelineDriver(super.createDriver(), this.#open);
  }
}

/**
 * A Kysely on `pool` whose reads share pipelined connections made by `open` (a pg.Client with
 * `pipeline: true`, configured as the pool's clients are), and whose writes outside transactions
 * are committed together down one more.
 */
export class PipelinedKysely extends Kysely<Database> {
  readonly #session: Kysely<Database>;
  /**
   * Reads planned to go through the full-text indexes (db/search-query.ts), down pipelined
   * connections of their own made by `openSearch`, whose planner settings say so.
   */
  readonly searchReads: Kysely<Database>;

  constructor(pool: pg.Pool, open: () => pg.Client, openSearch: () => pg.Client) {
    super({ dialect: new PipelineDialect(pool, open) });
    // Borrows the pool, which this one's destroy() ends.
    this.#session = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    this.searchReads = new Kysely<Database>({
      dialect: new ReadsOnlyDialect(new SharedConnections(openSearch, SHARED_CONNECTIONS)),
    });
  }

  override async destroy(): Promise<void> {
    await Promise.all([this.searchReads.destroy(), super.destroy()]);
  }

  /** One session throughout (a session-level lock or setting): a connection from the pool. */
  override connection() {
    return this.#session.connection();
  }
}
