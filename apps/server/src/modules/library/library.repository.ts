// The only Kysely code of the library module: categories and book cards. A hidden summary
// (moderation) is neither counted nor shown.
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { BOOK_CARD_COLUMNS } from '#server/kernel/book-cards.ts';

export function createLibraryRepository(db: Kysely<Database>) {
  return {
    /** Categories in display order, each with the number of books (official and member). */
    async listCategoriesWithCounts() {
      const rows = await db
        .selectFrom('category')
        .leftJoin('book', (join) =>
          join.onRef('book.category_id', '=', 'category.id').on('book.hidden_at', 'is', null),
        )
        .select((eb) => [
          'category.id',
          'category.title',
          'category.title_ar',
          'category.sort_order',
          eb.fn.count<number | string | bigint>('book.id').as('book_count'),
        ])
        .groupBy(['category.id', 'category.title', 'category.title_ar', 'category.sort_order'])
        .orderBy('category.sort_order')
        .orderBy('category.id')
        .execute();
      // PostgreSQL returns count() as a bigint string.
      return rows.map((row) => ({ ...row, book_count: Number(row.book_count) }));
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
