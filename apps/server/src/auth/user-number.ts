// Member numbers come from one counter row, bumped and read in a single statement. The row lock
// (PostgreSQL) or the single writer (SQLite ≥ 3.35, for RETURNING) makes concurrent sign-ups get
// distinct numbers; a number is never handed out twice, even if the sign-up then fails.
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';

export async function nextUserNumber(db: Kysely<Database>): Promise<number> {
  const row = await db
    .updateTable('counter')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('name', '=', 'user_number')
    .returning('value')
    .executeTakeFirstOrThrow(() => new Error('counter row "user_number" is missing; run the migrations'));
  return Number(row.value);
}
