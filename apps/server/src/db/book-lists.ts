// Every paged list of books (a category's, a tag's, a member's summaries) is newest first,
// (added_at, id) descending, paged by keyset after the last book shown: never OFFSET.
import type { SelectQueryBuilder } from 'kysely';
import type { Database } from './schema.ts';

/** (added_at, id) of the last book already shown. */
export type BookKeys = readonly [string, string];

/** `query` (over `book`, joins allowed) ordered newest first: the `limit` books after `after`. */
export function newestBooksAfter<TB extends keyof Database, O>(
  query: SelectQueryBuilder<Database, TB, O>,
  after: BookKeys | undefined,
  limit: number,
): SelectQueryBuilder<Database, TB, O> {
  // Typed as a query over `book` alone: the columns used here are `book`'s, whatever is joined.
  let books = query as unknown as SelectQueryBuilder<Database, 'book', O>;
  if (after) {
    books = books.where(({ eb, refTuple, tuple }) =>
      eb(refTuple('book.added_at', 'book.id'), '<', tuple(after[0], after[1])),
    );
  }
  return books
    .orderBy('book.added_at', 'desc')
    .orderBy('book.id', 'desc')
    .limit(limit) as unknown as SelectQueryBuilder<Database, TB, O>;
}
