// pg clients in pipeline mode shared by many statements: the reads' few connections and the
// writes' one (postgres-pipeline.ts). Each is opened when first needed and replaced when it fails.
import { Socket } from 'node:net';
import type { CompiledQuery, QueryResult } from 'kysely';
import pg from 'pg';

interface Shared {
  ready: Promise<pg.Client>;
  /** Statements sent and not yet answered. */
  busy: number;
}

/** Shared pipelined connections: opened when first needed, replaced when one fails. */
export class SharedConnections {
  readonly #open: () => pg.Client;
  readonly #size: number;
  readonly #shared: Shared[] = [];
  #ended = false;

  constructor(open: () => pg.Client, size: number) {
    this.#open = open;
    this.#size = size;
  }

  /** Runs `use` on the least busy connection; statements it sends are pipelined behind others'. */
  async use<T>(use: (client: pg.Client) => Promise<T>): Promise<T> {
    const shared = this.#pick();
    shared.busy++;
    try {
      return await use(await shared.ready);
    } finally {
      shared.busy--;
    }
  }

  async read<Row>(query: CompiledQuery): Promise<QueryResult<Row>> {
    // Only reads come here: rows, and no count of changed rows.
    const { rows } = await this.use((client) => client.query(query.sql, [...query.parameters]));
    return { rows: rows as Row[] };
  }

  async end(): Promise<void> {
    this.#ended = true;
    const shared = this.#shared.splice(0);
    await Promise.all(
      shared.map(({ ready }) =>
        ready.then(
          (client) => client.end(),
          () => {},
        ),
      ),
    );
  }

  /** The least busy connection; a new one while there are fewer than its size. */
  #pick(): Shared {
    if (this.#ended) throw new Error('the database has been closed');
    if (this.#shared.length < this.#size) return this.#add();
    return this.#shared.reduce((least, shared) => (shared.busy < least.busy ? shared : least));
  }

  #add(): Shared {
    const client = this.#open();
    const shared: Shared = { ready: client.connect().then(() => client), busy: 0 };
    const forget = () => {
      const index = this.#shared.indexOf(shared);
      if (index >= 0) this.#shared.splice(index, 1);
    };
    // A lost connection fails the statements it carried and is replaced for the next ones.
    client.on('error', forget);
    client.on('end', forget);
    shared.ready.catch(forget);
    this.#shared.push(shared);
    return shared;
  }
}

/** Each pipelined client's socket, made here and handed to pg (its `stream` option), so that it can be corked. */
const sockets = new WeakMap<pg.Client, Socket>();

/** A client in pipeline mode, on a socket of our own. */
export function pipelinedClient(settings: pg.ClientConfig): pg.Client {
  const socket = new Socket();
  const client = new pg.Client({ ...settings, pipeline: true, stream: () => socket });
  sockets.set(client, socket);
  return client;
}

/**
 * Runs `send`, and writes the statements it sends on `client` to the socket together: pg writes
 * each statement with a system call of its own (a batch of 64 writes was 67 `writev` calls;
 * docs/performance.md, 2026-11-28, fifteenth session). Over TLS, pg writes to the TLS stream it
 * wraps our socket in; whether corking ours still gathers a batch there is not measured (no TLS
 * server here). A client not made by pipelinedClient is sent uncorked.
 */
export function corked<T>(client: pg.Client, send: () => T): T {
  const socket = sockets.get(client);
  if (!socket) return send();
  socket.cork();
  try {
    return send();
  } finally {
    socket.uncork();
  }
}
