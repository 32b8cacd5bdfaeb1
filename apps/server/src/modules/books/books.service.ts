// Browsing rules: categories and tags list official and member summaries together, newest
// first; the preview and the reader each answer in one request with the member's state.
import type {
  BookPreview,
  BookReading,
  BooksByCategory,
  CategoryBooks,
  TagBooks,
} from '@sahifa/contracts/books';
import { PAGE_SIZE, type ReaderState } from '@sahifa/contracts/library';
import type { Keys } from '#server/db/keyset.ts';
import { pageFromRow } from '#server/db/page-fields.ts';
import { toBookCard } from '#server/kernel/book-cards.ts';
import { decodeKeys, toPage } from '#server/kernel/cursor.ts';
import { bookNotFound, categoryNotFound, tagNotFound } from '#server/kernel/not-found.ts';
import { toAuthor } from '#server/kernel/presenters.ts';
import { createSameAnswers } from '#server/kernel/same-answers.ts';
import { whenAllReady } from '#server/kernel/when-ready.ts';
import type { CommentsService } from '#server/modules/comments/comments.service.ts';
import type { LibraryService } from '#server/modules/library/library.service.ts';
import type { ReadingService } from '#server/modules/reading/reading.service.ts';
import type { BooksRepository } from './books.repository.ts';

/** /app/books shows this many of each category's newest books. */
export const BOOKS_PER_CATEGORY = 12;

interface Dependencies {
  books: BooksRepository;
  library: LibraryService;
  reading: ReadingService;
  comments: CommentsService;
}

/** added_at descending, then id descending: the order of every list of books. */
function newestFirst(a: { added_at: string; id: string }, b: { added_at: string; id: string }): number {
  if (a.added_at !== b.added_at) return a.added_at < b.added_at ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

export function createBooksService({ books, library, reading, comments }: Dependencies) {
  async function byCategory(): Promise<BooksByCategory> {
    const categories = await library.categories();
    const newest = await books.listNewestPerCategory(
      categories.filter((category) => category.bookCount > 0).map((category) => category.id),
      BOOKS_PER_CATEGORY,
    );
    const byCategory = new Map<string, typeof newest>();
    for (const row of newest) {
      const list = byCategory.get(row.category_id);
      if (list) list.push(row);
      else byCategory.set(row.category_id, [row]);
    }
    for (const list of byCategory.values()) list.sort(newestFirst);
    return {
      categories: categories.map((category) => ({
        ...category,
        books: (byCategory.get(category.id) ?? []).map(toBookCard),
      })),
    };
  }

  async function categoryBooks(
    categoryId: string,
    after: Keys | undefined,
    limit: number,
  ): Promise<CategoryBooks> {
    const [category, rows] = await Promise.all([
      books.findCategory(categoryId),
      books.listCategoryBooks(categoryId, after, limit + 1),
    ]);
    if (!category) throw categoryNotFound();
    const page = toPage(rows, limit, (row) => [row.added_at, row.id]);
    return {
      category: {
        id: category.id,
        title: category.title,
        titleAr: category.title_ar,
        bookCount: category.book_count,
      },
      books: page.items.map(toBookCard),
      nextCursor: page.nextCursor,
    };
  }

  async function tagBooks(tagId: string, after: Keys | undefined, limit: number): Promise<TagBooks> {
    const [tag, rows] = await Promise.all([
      books.findTag(tagId),
      books.listTagBooks(tagId, after, limit + 1),
    ]);
    if (!tag) throw tagNotFound();
    const page = toPage(rows, limit, (row) => [row.added_at, row.id]);
    return { tag, books: page.items.map(toBookCard), nextCursor: page.nextCursor };
  }

  // The loads below throw for an unknown or hidden book: a failed load is not remembered, so
  // asking for made-up ids does not fill the cache.

  /** A book's text as the reader shows it, the same for every member. */
  async function bookText(bookId: string): Promise<Omit<BookReading, 'state'>> {
    const [book, pages] = await Promise.all([books.findBookHeader(bookId), books.listPages(bookId)]);
    if (!book) throw bookNotFound();
    return {
      book: {
        id: book.id,
        categoryId: book.category_id,
        title: book.title,
        author: book.author,
        titleAr: book.title_ar,
        authorAr: book.author_ar,
        bookImage: book.book_image,
      },
      pages: {
        en: pages.filter((p) => p.lang === 'en').map(pageFromRow),
        ar: pages.filter((p) => p.lang === 'ar').map(pageFromRow),
      },
    };
  }

  /** The preview's book and tags, the same for every member. */
  async function previewBook(bookId: string) {
    const [book, tags] = await Promise.all([books.findBook(bookId), books.listBookTags(bookId)]);
    if (!book) throw bookNotFound();
    return [book, tags] as const;
  }

  type PreviewBook = Awaited<ReturnType<typeof previewBook>>;

  function toPreview(
    userId: string,
    [book, tags]: PreviewBook,
    state: ReaderState,
    firstComments: BookPreview['comments'],
  ): BookPreview {
    const publisher =
      book.source === 'member' && book.publisher_number !== null
        ? toAuthor({
            number: book.publisher_number,
            name: book.publisher_name,
            image: book.publisher_image,
          })
        : null;
    return {
      category: { id: book.category_id, title: book.category_title, titleAr: book.category_title_ar },
      // Object.assign, not a spread: on Node 20 each property after a spread cost ~1-2 µs here
      // (docs/performance.md).
      book: Object.assign(toBookCard(book), {
        aboutBook: book.about_book,
        bookReference: book.book_reference,
        tags,
        pageCounts: { en: book.en_count, ar: book.ar_count },
        addedBy: book.added_by,
        addedAt: book.added_at,
        publisher,
        isMine: book.user_id !== null && book.user_id === userId,
      }),
      state,
      comments: firstComments,
    };
  }

  // A member's preview and reader, the same objects while nothing in them changed, so their bytes
  // are made once (kernel/same-answers.ts).
  const previews = createSameAnswers(toPreview, { maxEntries: 1000 });
  const readings = createSameAnswers(
    (text: Omit<BookReading, 'state'>, state: ReaderState): BookReading => Object.assign({}, text, { state }),
    { maxEntries: 1000 },
  );

  // The lists, a book's text and its preview (with the publisher's name) are library data, the
  // same for every member (LibraryService.shared); the member's own state (progress, bookmark,
  // their review) is remembered until the member writes (kernel/member-reads.ts).
  return {
    byCategory(): BooksByCategory | Promise<BooksByCategory> {
      return library.shared(['books'], () => byCategory());
    },

    categoryBooks(
      categoryId: string,
      cursor?: string,
      limit: number = PAGE_SIZE.books,
    ): CategoryBooks | Promise<CategoryBooks> {
      const after = decodeKeys(cursor);
      return library.shared(['category', categoryId, cursor, limit], () =>
        categoryBooks(categoryId, after, limit),
      );
    },

    tagBooks(tagId: string, cursor?: string, limit: number = PAGE_SIZE.books): TagBooks | Promise<TagBooks> {
      const after = decodeKeys(cursor);
      return library.shared(['tag', tagId, cursor, limit], () => tagBooks(tagId, after, limit));
    },

    /**
     * A member's preview: made at once when every part is remembered (the usual case), with no
     * promise for each part (decision 025); else when the parts that are not have been read.
     */
    preview(userId: string, bookId: string): BookPreview | Promise<BookPreview> {
      return whenAllReady(
        [
          library.shared(['preview', bookId], () => previewBook(bookId)),
          reading.readerState(userId, bookId),
          comments.firstPage(bookId, userId),
        ],
        ([shared, state, firstComments]) =>
          previews.answer([userId, bookId], userId, shared, state, firstComments),
      );
    },

    async read(userId: string, bookId: string): Promise<BookReading> {
      const [text, state] = await Promise.all([
        library.shared(['reader', bookId], () => bookText(bookId)),
        reading.readerState(userId, bookId),
      ]);
      return readings.answer([userId, bookId], text, state);
    },
  };
}

export type BooksService = ReturnType<typeof createBooksService>;
