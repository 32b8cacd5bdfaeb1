// The only Kysely code of the library module: categories and book cards. A hidden summary
// (moderation) is neither counted (category.book_count, kept by db/book-counters.ts) nor shown.
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { BOOK_CARD_COLUMNS } from '#server/kernel/book-cards.ts';

export function createLibraryRepository(db: Kysely<Database>) {
  return {
    /** Categories in display order, each with the number of books (official and member). */
    async listCategoriesWithCounts() {
      return db
        .selectFrom('category')
        .select([
          'category.id',
          'category.title',
          'category.title_ar',
          'category.sort_order',
          'category.book_count',
        ])
        .orderBy('category.sort_order')
        .orderBy('category.id')
        .execute();
    },

    /** Newest official summaries first; id breaks ties so the order is stable. */
    async listFeaturedBooks(limit: number) {
      return db
        .selectFrom('book')
        .select(BOOK_CARD_COLUMNS)
        .where('book.source', '=', 'official')
        .orderBy('book.added_at', 'desc')
        .orderBy('book.id', 'asc')
        .limit(limit)
        .execute();
    },

    /** Card rows of the given books, in no particular order (unknown and hidden ids are skipped). */
    async listBookCards(ids: readonly string[]) {
      if (ids.length === 0) return [];
      return db
        .selectFrom('book')
        .select(BOOK_CARD_COLUMNS)
        .where('book.id', 'in', ids)
        .where('book.hidden_at', 'is', null)
        .execute();
    },
  };
}

export type LibraryRepository = ReturnType<typeof createLibraryRepository>;
