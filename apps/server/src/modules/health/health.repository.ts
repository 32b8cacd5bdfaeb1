import { type Kysely, sql } from 'kysely';
import type { Database } from '#server/db/schema.ts';

/** True when the database answers a trivial query. */
export async function pingDatabase(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
