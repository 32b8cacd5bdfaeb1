// The only Kysely code of the publishing module. Every write is one transaction that also keeps
// the search index (db/search-index.ts) and the counters the book is counted in (its category's
// books, its publisher's summaries: db/book-counters.ts) in step.
import type { Kysely, Transaction } from 'kysely';
import { countBook, moveBook } from '#server/db/book-counters.ts';
import { type PageFields, pageToRow } from '#server/db/page-fields.ts';
import type { Database, NewBook } from '#server/db/schema.ts';
import { indexBook, removeBookFromIndex } from '#server/db/search-index.ts';

export interface SummaryContent {
  categoryId: string;
  title: string;
  author: string;
  /** null: none (the Arabic interface shows the English ones). */
  titleAr: string | null;
  authorAr: string | null;
  aboutBook: string;
  bookReference: string;
  bookImage: string | null;
  /** The cards' smaller copy of the cover. */
  cardImage: string | null;
  /** Tag ids (slugs) with the name to create a missing tag under. */
  tags: { id: string; name: string }[];
  enPages: PageFields[];
  arPages: PageFields[];
}

async function writeChildren(trx: Transaction<Database>, bookId: string, content: SummaryContent) {
  const pages = [
    ...content.enPages.map((p) => pageToRow(bookId, 'en', p)),
    ...content.arPages.map((p) => pageToRow(bookId, 'ar', p)),
  ];
  if (pages.length > 0) await trx.insertInto('page').values(pages).execute();
  if (content.tags.length > 0) {
    // A tag that exists keeps its name (first spelling wins).
    await trx
      .insertInto('tag')
      .values(content.tags)
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    await trx
      .insertInto('book_tag')
      .values(content.tags.map((t) => ({ book_id: bookId, tag_id: t.id })))
      .execute();
  }
}

export function createPublishingRepository(db: Kysely<Database>) {
  return {
    async categoryExists(categoryId: string): Promise<boolean> {
      const row = await db
        .selectFrom('category')
        .select('id')
        .where('id', '=', categoryId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Who may change the book, and its current cover. */
    async findBookAccess(bookId: string) {
      return db
        .selectFrom('book')
        .select(['id', 'source', 'user_id', 'book_image', 'card_image', 'category_id'])
        .where('id', '=', bookId)
        .executeTakeFirst();
    },

    async findEditable(bookId: string) {
      const [book, tags, pages] = await Promise.all([
        db
          .selectFrom('book')
          .select([
            'id',
            'title',
            'author',
            'title_ar',
            'author_ar',
            'category_id',
            'about_book',
            'book_reference',
            'book_image',
          ])
          .where('id', '=', bookId)
          .executeTakeFirst(),
        db
          .selectFrom('book_tag')
          .innerJoin('tag', 'tag.id', 'book_tag.tag_id')
          .select('tag.name')
          .where('book_tag.book_id', '=', bookId)
          .orderBy('tag.name')
          .execute(),
        db
          .selectFrom('page')
          .selectAll()
          .where('book_id', '=', bookId)
          .orderBy('lang')
          .orderBy('order')
          .execute(),
      ]);
      return book ? { book, tags: tags.map((t) => t.name), pages } : undefined;
    },

    async insertSummary(book: NewBook, content: SummaryContent): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('book').values(book).execute();
        if (!book.hidden_at) await countBook(trx, { ...book, user_id: book.user_id ?? null }, 1);
        await writeChildren(trx, book.id, content);
        await indexBook(trx, book.id);
      });
    },

    /** Replaces the member's summary; false when it is not (or no longer) theirs. */
    async updateSummary(bookId: string, userId: string, content: SummaryContent): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        // The row first, unchanged (which locks it on PostgreSQL): its category and whether it is
        // hidden as they are now, so the counters move once even if two edits race.
        const before = await trx
          .updateTable('book')
          .set((eb) => ({ category_id: eb.ref('book.category_id') }))
          .where('id', '=', bookId)
          .where('source', '=', 'member')
          .where('user_id', '=', userId)
          .returning(['book.category_id', 'book.hidden_at'])
          .executeTakeFirst();
        if (!before) return false;
        await trx
          .updateTable('book')
          .set({
            category_id: content.categoryId,
            title: content.title,
            author: content.author,
            title_ar: content.titleAr,
            author_ar: content.authorAr,
            about_book: content.aboutBook,
            book_reference: content.bookReference,
            book_image: content.bookImage,
            card_image: content.cardImage,
          })
          .where('id', '=', bookId)
          .execute();
        if (before.hidden_at === null) await moveBook(trx, before.category_id, content.categoryId);
        await trx.deleteFrom('page').where('book_id', '=', bookId).execute();
        await trx.deleteFrom('book_tag').where('book_id', '=', bookId).execute();
        await writeChildren(trx, bookId, content);
        await indexBook(trx, bookId);
        return true;
      });
    },

    /**
     * Deletes the member summary and everything hanging off it; false when it is not `userId`'s
     * (any member's when `userId` is null: an operator's decision).
     */
    async deleteSummary(bookId: string, userId: string | null): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const owned = await trx
          .selectFrom('book')
          .select('id')
          .where('id', '=', bookId)
          .where('source', '=', 'member')
          .$if(userId !== null, (qb) => qb.where('user_id', '=', userId))
          .executeTakeFirst();
        if (!owned) return false;
        await removeBookFromIndex(trx, bookId);
        // Pages, tags links, bookmarks, progress, finished records and comments cascade.
        const deleted = await trx
          .deleteFrom('book')
          .where('id', '=', bookId)
          .returning(['book.category_id', 'book.source', 'book.user_id', 'book.hidden_at'])
          .executeTakeFirst();
        // Another request deleted it meanwhile: it leaves the counters only once.
        if (!deleted) return false;
        // A hidden book left them when it was hidden.
        if (deleted.hidden_at === null) await countBook(trx, deleted, -1);
        return true;
      });
    },

    /** Hides a member summary (moderation) and uncounts it; false when there is none to hide. */
    async hideSummary(bookId: string, hiddenAt: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const hidden = await trx
          .updateTable('book')
          .set({ hidden_at: hiddenAt })
          .where('id', '=', bookId)
          .where('source', '=', 'member')
          .where('hidden_at', 'is', null)
          .returning(['book.category_id', 'book.source', 'book.user_id'])
          .executeTakeFirst();
        if (!hidden) return false;
        await countBook(trx, hidden, -1);
        return true;
      });
    },
  };
}

export type PublishingRepository = ReturnType<typeof createPublishingRepository>;
