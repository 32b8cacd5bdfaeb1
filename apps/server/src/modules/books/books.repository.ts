// The only Kysely code of the books module: browsing by category and tag, the preview and the
// reader. Lists are newest first, (added_at, id) descending, paged by keyset — never OFFSET.
// A hidden summary (moderation) is in no list and no count, and reads as missing.
import type { Kysely } from 'kysely';
import { compiledQuery } from '#server/db/compiled-query.ts';
import { type Keys, pageAfter } from '#server/db/keyset.ts';
import { pageCount, withPageCounts } from '#server/db/page-fields.ts';
import type { Database } from '#server/db/schema.ts';
import { BOOK_CARD_COLUMNS } from '#server/kernel/book-cards.ts';

const CATEGORIES_PER_QUERY = 100;

export function createBooksRepository(db: Kysely<Database>) {
  // The preview's and the reader's queries, compiled once (db/compiled-query.ts).
  const bookQuery = compiledQuery(db, 1, (bookId: string) =>
    db
      .selectFrom('book')
      .innerJoin('category', 'category.id', 'book.category_id')
      .leftJoin('user', 'user.id', 'book.user_id')
      .select((eb) => [
        ...BOOK_CARD_COLUMNS,
        'category.title as category_title',
        'category.title_ar as category_title_ar',
        'book.about_book',
        'book.book_reference',
        'book.added_by',
        'book.added_at',
        'book.user_id',
        'user.user_number as publisher_number',
        'user.name as publisher_name',
        'user.image as publisher_image',
        pageCount(eb, 'en').as('en_count'),
        pageCount(eb, 'ar').as('ar_count'),
      ])
      .where('book.id', '=', bookId)
      .where('book.hidden_at', 'is', null),
  );
  const bookTagsQuery = compiledQuery(db, 1, (bookId: string) =>
    db
      .selectFrom('book_tag')
      .innerJoin('tag', 'tag.id', 'book_tag.tag_id')
      .select(['tag.id', 'tag.name', 'tag.name_ar as nameAr'])
      .where('book_tag.book_id', '=', bookId)
      .orderBy('tag.name')
      .orderBy('tag.id'),
  );
  const bookHeaderQuery = compiledQuery(db, 1, (bookId: string) =>
    db
      .selectFrom('book')
      .select([
        'book.id',
        'book.category_id',
        'book.title',
        'book.author',
        'book.title_ar',
        'book.author_ar',
        'book.book_image',
      ])
      .where('book.id', '=', bookId)
      .where('book.hidden_at', 'is', null),
  );
  const pagesQuery = compiledQuery(db, 1, (bookId: string) =>
    db
      .selectFrom('page')
      .select([
        'page.lang',
        'page.order',
        'page.header',
        'page.sub_header',
        'page.content1',
        'page.sub_header2',
        'page.content2',
        'page.sub_header3',
        'page.content3',
        'page.sub_header4',
        'page.content4',
      ])
      .where('page.book_id', '=', bookId)
      .orderBy('page.lang')
      .orderBy('page.order'),
  );

  return {
    /** The category with its number of visible books (category.book_count, db/book-counters.ts). */
    async findCategory(categoryId: string) {
      return db
        .selectFrom('category')
        .select(['category.id', 'category.title', 'category.title_ar', 'category.book_count'])
        .where('category.id', '=', categoryId)
        .executeTakeFirst();
    },

    /**
     * The newest `perCategory` books of each given category: one UNION ALL query of index range
     * scans (per batch of categories), so the cost does not grow with the number of books.
     * Rows come grouped by nothing in particular; the caller orders them.
     */
    async listNewestPerCategory(categoryIds: readonly string[], perCategory: number) {
      const newestOf = (categoryId: string, index: number) =>
        db
          .selectFrom(
            db
              .selectFrom('book')
              .select([...BOOK_CARD_COLUMNS, 'book.added_at'])
              .where('book.category_id', '=', categoryId)
              .where('book.hidden_at', 'is', null)
              .orderBy('book.added_at', 'desc')
              .orderBy('book.id', 'desc')
              .limit(perCategory)
              .as(`c${index}`),
          )
          .selectAll();
      const rows = [];
      // SQLite allows at most 500 terms in a compound SELECT.
      for (let start = 0; start < categoryIds.length; start += CATEGORIES_PER_QUERY) {
        const batch = categoryIds.slice(start, start + CATEGORIES_PER_QUERY).map(newestOf);
        const [first, ...others] = batch;
        if (!first) continue;
        rows.push(...(await others.reduce((query, next) => query.unionAll(next), first).execute()));
      }
      return rows;
    },

    /** Official and member summaries of a category together, newest first. */
    async listCategoryBooks(categoryId: string, after: Keys | undefined, limit: number) {
      const books = db
        .selectFrom('book')
        .select([...BOOK_CARD_COLUMNS, 'book.added_at'])
        .where('book.category_id', '=', categoryId)
        .where('book.hidden_at', 'is', null);
      return pageAfter(books, ['book.added_at', 'book.id'], after, limit).execute();
    },

    async findTag(tagId: string) {
      return db
        .selectFrom('tag')
        .select(['tag.id', 'tag.name', 'tag.name_ar as nameAr'])
        .where('tag.id', '=', tagId)
        .executeTakeFirst();
    },

    async listTagBooks(tagId: string, after: Keys | undefined, limit: number) {
      const books = db
        .selectFrom('book_tag')
        .innerJoin('book', 'book.id', 'book_tag.book_id')
        .select([...BOOK_CARD_COLUMNS, 'book.added_at'])
        .where('book_tag.tag_id', '=', tagId)
        .where('book.hidden_at', 'is', null);
      return pageAfter(books, ['book.added_at', 'book.id'], after, limit).execute();
    },

    /** Everything the preview shows about the book itself, with its publisher and page counts. */
    async findBook(bookId: string) {
      const [row] = await bookQuery(bookId);
      return row && withPageCounts(row);
    },

    async listBookTags(bookId: string) {
      return bookTagsQuery(bookId);
    },

    /** What the reader's header needs. */
    async findBookHeader(bookId: string) {
      const [row] = await bookHeaderQuery(bookId);
      return row;
    },

    /** Both languages' pages, each in `order`. */
    async listPages(bookId: string) {
      return pagesQuery(bookId);
    },
  };
}

export type BooksRepository = ReturnType<typeof createBooksRepository>;
