// The only Kysely code of the reading module: bookmarks, reading progress, finished books and
// My Library. Every read here is keyed by the signed-in member, so nobody reaches another's rows.
import type { Kysely } from 'kysely';
import { compiledQuery } from '#server/db/compiled-query.ts';
import { engineOf } from '#server/db/kysely.ts';
import { pageCount, withPageCounts } from '#server/db/page-fields.ts';
import type { Database, PageLang } from '#server/db/schema.ts';
import { sqliteTransaction } from '#server/db/sqlite-now.ts';
import { BOOK_CARD_COLUMNS } from '#server/kernel/book-cards.ts';

export interface ReaderStateRow {
  bookmarked: unknown;
  page_number: number | null;
  progress_lang: PageLang | null;
  progress_updated_at: string | null;
  finished_at: string | null;
}

export function createReadingRepository(db: Kysely<Database>) {
  const engine = engineOf(db);
  // The reader's and the preview's query, compiled once (db/compiled-query.ts). The book's page
  // counts are not read here: the service has them remembered with the library.
  const readerState = compiledQuery(db, 2, (userId: string, bookId: string) =>
    db.selectNoFrom((eb) => {
      const progress = <C extends 'page_number' | 'lang' | 'updated_at'>(column: C) =>
        eb
          .selectFrom('reading_progress')
          .select(`reading_progress.${column}` as const)
          .where('reading_progress.user_id', '=', userId)
          .where('reading_progress.book_id', '=', bookId);
      return [
        eb
          .exists(
            eb
              .selectFrom('bookmark')
              .select('bookmark.book_id')
              .where('bookmark.user_id', '=', userId)
              .where('bookmark.book_id', '=', bookId),
          )
          .as('bookmarked'),
        progress('page_number').as('page_number'),
        progress('lang').as('progress_lang'),
        progress('updated_at').as('progress_updated_at'),
        eb
          .selectFrom('finished_book')
          .select('finished_book.finished_at')
          .where('finished_book.user_id', '=', userId)
          .where('finished_book.book_id', '=', bookId)
          .as('finished_at'),
      ];
    }),
  );
  // The progress save, compiled once per shape: moving to a new language, or keeping the saved one.
  // It commits with the writes asked for beside it: on SQLite without Kysely's promises
  // (db/sqlite-now.ts, decision 019), on PostgreSQL in one transaction (decision 020).
  const saveProgressAs = (newLanguage: boolean) =>
    compiledQuery<ProgressValues, { lang: PageLang | null }>(db, 6, (...values) => {
      const { row, moved } = progressChange(values, newLanguage);
      return db
        .insertInto('reading_progress')
        .values(row)
        .onConflict((oc) => oc.columns(['user_id', 'book_id']).doUpdateSet(moved))
        .returning('reading_progress.lang');
    });
  const progressInLanguage = saveProgressAs(true);
  const progressKeepingLanguage = saveProgressAs(false);

  const bookPages = compiledQuery(db, 1, (bookId: string) =>
    db
      .selectFrom('book')
      .select((eb) => [
        'book.id',
        'book.category_id',
        pageCount(eb, 'en').as('en_count'),
        pageCount(eb, 'ar').as('ar_count'),
      ])
      .where('book.id', '=', bookId)
      .where('book.hidden_at', 'is', null),
  );

  return {
    /** Whether the member bookmarked, is reading or finished the book: one round trip. */
    async findReaderState(userId: string, bookId: string): Promise<ReaderStateRow> {
      const [row] = await readerState(userId, bookId);
      if (!row) throw new Error('a select without a table answers one row');
      return row;
    },

    /** The book's category and its page counts per language, or undefined when unknown. */
    async findBookPages(bookId: string) {
      const [row] = await bookPages(bookId);
      return row && withPageCounts(row);
    },

    /**
     * One record per (member, book): saving again moves it to the new page, and to the new
     * language when one is given (otherwise the saved one stays). Returns the language now saved.
     */
    async saveProgress(input: {
      userId: string;
      bookId: string;
      categoryId: string;
      pageNumber: number;
      lang: PageLang | undefined;
      updatedAt: string;
    }): Promise<PageLang | null> {
      const { userId, bookId, categoryId, pageNumber, lang, updatedAt } = input;
      const save = lang !== undefined ? progressInLanguage : progressKeepingLanguage;
      const values: ProgressValues = [userId, bookId, categoryId, pageNumber, lang ?? null, updatedAt];
      const [saved] =
        engine === 'sqlite' ? await sqliteTransaction(db, () => save.now(...values)) : await save(...values);
      if (!saved) throw new Error('the progress upsert returned no row');
      return saved.lang;
    },

    /**
     * Spec: finishing deletes the progress record and creates the finished record. A second
     * finish keeps the first date. Returns when the member finished the book; null for an unknown book.
     */
    async finish(userId: string, bookId: string, now: string): Promise<string | null> {
      return db.transaction().execute(async (trx) => {
        const book = await trx
          .selectFrom('book')
          .select('book.id')
          .where('book.id', '=', bookId)
          .where('book.hidden_at', 'is', null)
          .executeTakeFirst();
        if (!book) return null;
        await trx
          .deleteFrom('reading_progress')
          .where('reading_progress.user_id', '=', userId)
          .where('reading_progress.book_id', '=', bookId)
          .execute();
        await trx
          .insertInto('finished_book')
          .values({ user_id: userId, book_id: bookId, finished_at: now })
          .onConflict((oc) => oc.columns(['user_id', 'book_id']).doNothing())
          .execute();
        const row = await trx
          .selectFrom('finished_book')
          .select('finished_book.finished_at')
          .where('finished_book.user_id', '=', userId)
          .where('finished_book.book_id', '=', bookId)
          .executeTakeFirstOrThrow();
        return row.finished_at;
      });
    },

    async isBookmarked(userId: string, bookId: string): Promise<boolean> {
      const row = await db
        .selectFrom('bookmark')
        .select('bookmark.book_id')
        .where('bookmark.user_id', '=', userId)
        .where('bookmark.book_id', '=', bookId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Idempotent: bookmarking twice keeps the first bookmark (and its date). */
    async addBookmark(userId: string, bookId: string, now: string) {
      await db
        .insertInto('bookmark')
        .values({ user_id: userId, book_id: bookId, created_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'book_id']).doNothing())
        .execute();
    },

    async removeBookmark(userId: string, bookId: string) {
      await db
        .deleteFrom('bookmark')
        .where('bookmark.user_id', '=', userId)
        .where('bookmark.book_id', '=', bookId)
        .execute();
    },

    /** My Library, Bookmarked tab: newest bookmark first. */
    async listBookmarked(userId: string, limit: number) {
      return db
        .selectFrom('bookmark')
        .innerJoin('book', 'book.id', 'bookmark.book_id')
        .select([...BOOK_CARD_COLUMNS, 'bookmark.created_at'])
        .where('bookmark.user_id', '=', userId)
        .where('book.hidden_at', 'is', null)
        .orderBy('bookmark.created_at', 'desc')
        .orderBy('bookmark.book_id', 'desc')
        .limit(limit)
        .execute();
    },

    /** My Library, In progress tab: most recently read first, with each book's page counts. */
    async listInProgress(userId: string, limit: number) {
      const rows = await db
        .selectFrom('reading_progress')
        .innerJoin('book', 'book.id', 'reading_progress.book_id')
        .select((eb) => [
          ...BOOK_CARD_COLUMNS,
          'reading_progress.page_number',
          'reading_progress.lang',
          'reading_progress.updated_at',
          pageCount(eb, 'en').as('en_count'),
          pageCount(eb, 'ar').as('ar_count'),
        ])
        .where('reading_progress.user_id', '=', userId)
        .where('book.hidden_at', 'is', null)
        .orderBy('reading_progress.updated_at', 'desc')
        .orderBy('reading_progress.book_id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(withPageCounts);
    },

    /** My Library, Finished tab: most recently finished first. */
    async listFinished(userId: string, limit: number) {
      return db
        .selectFrom('finished_book')
        .innerJoin('book', 'book.id', 'finished_book.book_id')
        .select([...BOOK_CARD_COLUMNS, 'finished_book.finished_at'])
        .where('finished_book.user_id', '=', userId)
        .where('book.hidden_at', 'is', null)
        .orderBy('finished_book.finished_at', 'desc')
        .orderBy('finished_book.book_id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}

export type ReadingRepository = ReturnType<typeof createReadingRepository>;

/** A progress save's member, book, category, page, language and time. */
type ProgressValues = [string, string, string, number, PageLang | null, string];

/**
 * A progress record, and what saving it again changes: the page, and the language only when
 * `newLanguage` (otherwise the saved one stays).
 */
function progressChange(
  [userId, bookId, categoryId, pageNumber, lang, updatedAt]: ProgressValues,
  newLanguage: boolean,
) {
  const moved = {
    category_id: categoryId,
    page_number: pageNumber,
    ...(newLanguage ? { lang } : {}),
    updated_at: updatedAt,
  };
  return { row: { user_id: userId, book_id: bookId, lang, ...moved }, moved };
}
