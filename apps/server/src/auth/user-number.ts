// Member numbers come from one counter row, bumped and read in a single statement inside the
// sign-up transaction; a number is never handed out twice (a rolled-back sign-up never showed
// its number to anyone).
//
// PostgreSQL: the insert's trigger (migration 0004) assigns it. SQLite: the transaction holds
// the app's only connection, so the bump runs synchronously on that connection and so joins
// the transaction (a Kysely query would wait for the connection forever).
import type { DatabaseHandle } from '#server/db/kysely.ts';
import { nameSearchText } from '#server/db/search-index.ts';

/** The name member search reads (user.name_search), kept with the name from the start. */
const withNameSearch = <T extends object>(user: T) => ({
  ...user,
  nameSearch: nameSearchText('name' in user && typeof user.name === 'string' ? user.name : ''),
});

/** The user-create hook: the new user's fields, with the member number where we assign it. */
export function createUserNumberHook(database: DatabaseHandle) {
  const { sqlite } = database;
  if (!sqlite) return async <T extends object>(user: T) => ({ data: withNameSearch(user) });
  const bump = sqlite.prepare<[], { value: number }>(
    "update counter set value = value + 1 where name = 'user_number' returning value",
  );
  return async <T extends object>(user: T) => {
    const row = bump.get();
    if (!row) throw new Error('counter row "user_number" is missing; run the migrations');
    return { data: { ...withNameSearch(user), userNumber: Number(row.value) } };
  };
}
