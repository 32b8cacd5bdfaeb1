// PostgreSQL: the writes made outside a transaction (a post, a like, a progress save, a session
// touched…) that are asked for together are sent together, down one pipelined connection, in one
// transaction: `begin`, each statement, `commit`, written at once and answered by one commit and
// one flush of the log to disk (decision 020). Two batches may be out at once: PostgreSQL runs
// the second while the app reads the first's answers (2-4 % more writes a second; decision 020).
//
// Why: each write was a connection taken from the pool, a round trip and a commit waiting for the
// disk of its own. One member's posts waited one after another for the flush, holding the row
// that counts them, and the round trips cost the app's process more than PostgreSQL's work
// (docs/performance.md, 2026-11-27, tenth session).
//
// A statement that fails aborts the transaction, and then the whole batch was rolled back
// (PostgreSQL answers the `commit` with `ROLLBACK`): each of its writes is sent again alone, on a
// pool connection as before, so each gets its own answer or error. A batch whose commit got no
// answer (the connection was lost) fails every write of it, as a single statement's would:
// whether it committed is unknown, so none is sent again.
//
// A batch waits at most LOCK_WAIT for a row another transaction holds, then gives way the same
// way (rolled back, each write alone). So a long-held lock never stalls the writes behind it, and
// a request's own transaction that needs a row the batch holds, while the batch waits for one it
// holds, is never the one PostgreSQL ends as a deadlock (after its deadlock_timeout, 1 s).
import type { CompiledQuery, QueryResult } from 'kysely';
import pg from 'pg';
import { corked, type SharedConnections } from './postgres-shared-connections.ts';

/** At most this many writes share a commit; more wait for the next. */
const MOST_WRITES_PER_COMMIT = 100;

/** Batches sent down the connection before the first is answered. */
const BATCHES_IN_FLIGHT = 2;

/** How long a batch waits for a row lock before it gives way (well under deadlock_timeout). */
const LOCK_WAIT = '200ms';

interface Pending {
  query: CompiledQuery;
  resolve: (result: QueryResult<unknown>) => void;
  reject: (error: unknown) => void;
}

export class GroupCommit {
  readonly #connection: SharedConnections;
  readonly #alone: (query: CompiledQuery) => Promise<QueryResult<unknown>>;
  #pending: Pending[] = [];
  /** Batches sent and not yet answered. */
  #inFlight = 0;
  /** A batch is due at the end of this turn. */
  #due = false;
  /** A batch is sent and not yet answered, or one is due at the end of this turn. */
  get #busy(): boolean {
    return this.#inFlight > 0 || this.#due;
  }
  /** Called once nothing is pending or sent (settled()). */
  #onSettled: (() => void)[] = [];
  /** The writes of rolled-back batches, each sent again alone and not yet answered. */
  readonly #retrying = new Set<Promise<void>>();

  /**
   * @param connection the writes' own pipelined connection (one: its batches run in the order sent)
   * @param alone runs one write on its own, for a batch that was rolled back
   */
  constructor(connection: SharedConnections, alone: (query: CompiledQuery) => Promise<QueryResult<unknown>>) {
    this.#connection = connection;
    this.#alone = alone;
  }

  /** Runs `query` (one write), committed with the writes asked for with it. */
  write<Row>(query: CompiledQuery): Promise<QueryResult<Row>> {
    return new Promise<QueryResult<Row>>((resolve, reject) => {
      this.#pending.push({ query, resolve: resolve as Pending['resolve'], reject });
      this.#sendSoon();
    });
  }

  /** The writes asked for in this turn of the event loop go together, unless two batches are out. */
  #sendSoon(): void {
    if (this.#due || this.#inFlight >= BATCHES_IN_FLIGHT || this.#pending.length === 0) return;
    this.#due = true;
    setImmediate(() => {
      this.#due = false;
      this.#sendNext();
    });
  }

  /**
   * Resolves once every write asked for so far has been sent and answered: the database closes
   * only then, so that a write asked for before it closed is not refused.
   */
  async settled(): Promise<void> {
    if (this.#busy) await new Promise<void>((resolve) => this.#onSettled.push(resolve));
    await Promise.all(this.#retrying);
  }

  /** Sends what is pending, then, once it is answered, what came meanwhile. */
  #sendNext(): void {
    const batch = this.#pending.splice(0, MOST_WRITES_PER_COMMIT);
    if (batch.length === 0) {
      if (!this.#busy) for (const settled of this.#onSettled.splice(0)) settled();
      return;
    }
    this.#inFlight++;
    this.#connection
      .use((client) => this.#sendTogether(client, batch))
      .catch((error: unknown) => {
        for (const write of batch) write.reject(error);
      })
      .finally(() => {
        this.#inFlight--;
        this.#sendNext();
      });
  }

  async #sendTogether(client: pg.Client, batch: Pending[]): Promise<void> {
    const values = (query: CompiledQuery) => [...query.parameters];
    const { begun, answers, committed } = corked(client, () => ({
      begun: [client.query('begin'), client.query(`set local lock_timeout = '${LOCK_WAIT}'`)],
      answers: batch.map(({ query }) => settled(client.query(query.sql, values(query)))),
      committed: client.query('commit'),
    }));
    await Promise.allSettled([...begun, ...answers]);
    const commit = await committed.then(
      (result) => result.command === 'COMMIT',
      (error: unknown) => {
        if (error instanceof pg.DatabaseError) return false; // refused by the server: rolled back
        throw error;
      },
    );
    if (commit) {
      const results = await Promise.all(answers);
      batch.forEach((write, i) => {
        answer(write, results[i] as pg.QueryResult | Error);
      });
      return;
    }
    // Rolled back: each again on its own, for its own answer.
    for (const write of batch) {
      const retry = this.#alone(write.query).then(write.resolve, write.reject);
      this.#retrying.add(retry);
      retry.finally(() => this.#retrying.delete(retry));
    }
  }
}

function answer(write: Pending, result: pg.QueryResult | Error): void {
  if (result instanceof Error) write.reject(result);
  else write.resolve(resultOf(result));
}

/** The answer, or the error it failed with (as a value, so that none is left unhandled). */
function settled(answer: Promise<pg.QueryResult>): Promise<pg.QueryResult | Error> {
  return answer.catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
}

/** What Kysely's own PostgreSQL connection makes of pg's result. */
function resultOf({ command, rowCount, rows }: pg.QueryResult): QueryResult<never> {
  const changed = command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'MERGE';
  return { numAffectedRows: changed ? BigInt(rowCount ?? 0) : undefined, rows: (rows ?? []) as never[] };
}
