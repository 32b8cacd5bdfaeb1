// Every paged list is ordered by a time and an id, and paged by keyset after the last row shown
// (the cursor's two keys, kernel/cursor.ts): never OFFSET, so a page costs the same however deep
// it is. The id breaks ties between rows of the same time, so no row is repeated or skipped.
import { type SelectQueryBuilder, type SqlBool, type StringReference, sql } from 'kysely';

/** (time, id) of the last row already shown. */
export type Keys = readonly [string, string];

/**
 * `query` ordered by `[time, id]`, newest first (or oldest first, `'asc'`): the `limit` rows
 * after `after`, or the first `limit` when it is undefined.
 */
export function pageAfter<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  [time, id]: readonly [StringReference<DB, TB>, StringReference<DB, TB>],
  after: Keys | undefined,
  limit: number,
  order: 'desc' | 'asc' = 'desc',
): SelectQueryBuilder<DB, TB, O> {
  // A row-value comparison, as Kysely's refTuple and tuple write it; in `sql` because their types
  // cannot relate two generic columns to the cursor's strings.
  const page = after
    ? query.where(
        sql<SqlBool>`(${sql.ref(time)}, ${sql.ref(id)}) ${sql.raw(order === 'desc' ? '<' : '>')} (${after[0]}, ${after[1]})`,
      )
    : query;
  return page.orderBy(time, order).orderBy(id, order).limit(limit);
}
