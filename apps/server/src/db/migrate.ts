// Brings the schema up to date. Kysely's migrator takes a lock table, so two processes
// starting together do not both run a migration.
import { type Kysely, type MigrationProvider, Migrator, PostgresAdapter, sql } from 'kysely';
import { migrations } from '#server/db/migrations/index.ts';
import type { Database } from './schema.ts';
import { syncSearchIndex } from './search-index.ts';

const provider: MigrationProvider = { getMigrations: async () => migrations };

// Kysely looks for its bookkeeping tables in every schema it can see, so another schema's copy
// (another app, a test run) would fool it. On PostgreSQL we pin them to the current schema.
async function bookkeepingSchema(db: Kysely<Database>): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}

/**
 * Runs pending migrations, then rebuilds the search index if its code changed; returns the names
 * of the migrations it applied. Throws on the first failure.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const schema = await bookkeepingSchema(db);
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  await syncSearchIndex(db);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
