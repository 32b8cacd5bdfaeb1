// The counters a book is counted in: its category's books (category.book_count: /books, the
// overview, a category page) and, for a member summary, its publisher's summaries
// (user.summary_count: the profile). Only a visible book counts (a hidden one is in no list and no
// count). Every write that adds, removes, hides or moves a book calls these inside its own
// transaction (publishing, the seed), as it keeps the search index (search-index.ts), so the
// counters never disagree with the rows, and the screens read them instead of counting.
import type { Kysely } from 'kysely';
import type { BookSource, Database } from './schema.ts';

export interface CountedBook {
  category_id: string;
  source: BookSource;
  user_id: string | null;
}

/** A visible book came (`by` 1) or went (-1): its category's count and its publisher's move. */
export async function countBook(db: Kysely<Database>, book: CountedBook, by: 1 | -1): Promise<void> {
  await db
    .updateTable('category')
    .set((eb) => ({ book_count: eb('category.book_count', '+', by) }))
    .where('category.id', '=', book.category_id)
    .execute();
  if (book.source === 'member' && book.user_id !== null) {
    await db
      .updateTable('user')
      .set((eb) => ({ summary_count: eb('user.summary_count', '+', by) }))
      .where('user.id', '=', book.user_id)
      .execute();
  }
}

/**
 * A visible book moved from one category to another. The two rows are changed in id order, so two
 * moves in opposite directions at once wait for each other instead of deadlocking (PostgreSQL).
 */
export async function moveBook(db: Kysely<Database>, from: string, to: string): Promise<void> {
  if (from === to) return;
  const changes: [string, number][] = [
    [from, -1],
    [to, 1],
  ];
  changes.sort(([a], [b]) => (a < b ? -1 : 1));
  for (const [id, by] of changes) {
    await db
      .updateTable('category')
      .set((eb) => ({ book_count: eb('category.book_count', '+', by) }))
      .where('category.id', '=', id)
      .execute();
  }
}
