// A generated data set as PostgreSQL's autovacuum leaves a database that grew over time: its
// statistics gathered, and its GIN indexes' pending entries (fastupdate) merged into the index.
// Measured straight after a bulk load, the planner reads the search index as costly and scans
// every book instead (docs/performance.md, 2026-11-28, twenty-first session). A SQLite file has
// no statistics unless someone runs ANALYZE, and the app does not, so nothing is done there.
import { sql } from 'kysely';
import type { DatabaseHandle } from '../apps/server/src/db/kysely.ts';

export async function asAutovacuumLeftIt(database: DatabaseHandle): Promise<void> {
  if (database.engine !== 'postgres') return;
  // VACUUM cannot run in a transaction: on a connection of its own, not with the batched writes.
  await database.db.connection().execute((connection) => sql`vacuum analyze`.execute(connection));
}
