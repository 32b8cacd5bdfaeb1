// Member numbers come from one counter row, bumped and read in a single statement; a number is
// never handed out twice, even if the sign-up then fails.
//
// Sign-up runs in a better-auth transaction. On SQLite that transaction holds the app's only
// connection, so the bump runs synchronously on that connection and so joins it (a Kysely
// query would wait for the connection forever). On PostgreSQL the bump commits on its own
// connection at once: the row lock makes concurrent sign-ups get distinct numbers.
import type { DatabaseHandle } from '#server/db/kysely.ts';

export function createUserNumbers(database: DatabaseHandle): () => Promise<number> {
  const missing = () => new Error('counter row "user_number" is missing; run the migrations');
  const { sqlite } = database;
  if (sqlite) {
    const bump = sqlite.prepare<[], { value: number }>(
      "update counter set value = value + 1 where name = 'user_number' returning value",
    );
    return async () => {
      const row = bump.get();
      if (!row) throw missing();
      return Number(row.value);
    };
  }
  return async () => {
    const row = await database.db
      .updateTable('counter')
      .set((eb) => ({ value: eb('value', '+', 1) }))
      .where('name', '=', 'user_number')
      .returning('value')
      .executeTakeFirstOrThrow(missing);
    return Number(row.value);
  };
}
