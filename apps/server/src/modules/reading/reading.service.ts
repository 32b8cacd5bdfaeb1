// Reading rules: progress (a missing record means page 1), finishing, bookmarks, My Library.
// Every call acts for the signed-in member only; nobody reads or writes another's state.
import type { MyLibrary } from '@sahifa/contracts/books';
import type { Progress, ReaderState } from '@sahifa/contracts/library';
import { nowIso } from '#server/db/time.ts';
import { AppError } from '#server/kernel/app-error.ts';
import { toBookCard } from '#server/kernel/book-cards.ts';
import { bookNotFound } from '#server/kernel/not-found.ts';
import type { ReaderStateRow, ReadingRepository } from './reading.repository.ts';

/** Each My Library tab shows at most this many books (newest first). */
export const MY_LIBRARY_TAB_LIMIT = 100;

/** "Page N of M" counts the language with more pages. */
function bookPageCount(counts: { en_count: number; ar_count: number }): number {
  return Math.max(counts.en_count, counts.ar_count);
}

/** A saved page beyond the book's end (the author removed pages since) reads as its last page. */
function clampPage(pageNumber: number, pageCount: number): number {
  return pageCount > 0 ? Math.min(pageNumber, pageCount) : pageNumber;
}

/** Spec: a missing progress record means page 1 — `progress` is then null and the reader starts at 1. */
function toReaderState(row: ReaderStateRow): ReaderState {
  const pageCount = bookPageCount(row);
  return {
    bookmarked: row.bookmarked === true || Number(row.bookmarked) === 1,
    progress:
      row.page_number === null || row.page_number === undefined
        ? null
        : { pageNumber: clampPage(Number(row.page_number), pageCount), updatedAt: row.progress_updated_at },
    finishedAt: row.finished_at ?? null,
  };
}

export function createReadingService(repository: ReadingRepository) {
  async function requireBook(bookId: string) {
    if (!(await repository.bookExists(bookId))) throw bookNotFound();
  }

  return {
    /** The member's state of one book, as the preview and the reader show it (unknown book: all empty). */
    async readerState(userId: string, bookId: string): Promise<ReaderState> {
      return toReaderState(await repository.findReaderState(userId, bookId));
    },

    async saveProgress(userId: string, bookId: string, pageNumber: number): Promise<Progress> {
      const book = await repository.findBookPages(bookId);
      if (!book) throw bookNotFound();
      const pageCount = bookPageCount(book);
      if (pageNumber > pageCount) {
        throw new AppError(
          400,
          'PAGE_OUT_OF_RANGE',
          pageCount === 0
            ? 'This book has no pages yet.'
            : `This book has ${pageCount} page${pageCount === 1 ? '' : 's'}; page ${pageNumber} does not exist.`,
        );
      }
      const updatedAt = nowIso();
      await repository.saveProgress({ userId, bookId, categoryId: book.category_id, pageNumber, updatedAt });
      return { pageNumber, updatedAt };
    },

    async finish(userId: string, bookId: string): Promise<{ finishedAt: string }> {
      const finishedAt = await repository.finish(userId, bookId, nowIso());
      if (finishedAt === null) throw bookNotFound();
      return { finishedAt };
    },

    async bookmarkState(userId: string, bookId: string) {
      const bookmarked = await repository.isBookmarked(userId, bookId);
      if (!bookmarked) await requireBook(bookId);
      return { bookmarked };
    },

    async addBookmark(userId: string, bookId: string) {
      await requireBook(bookId);
      await repository.addBookmark(userId, bookId, nowIso());
      return { bookmarked: true };
    },

    async removeBookmark(userId: string, bookId: string) {
      await requireBook(bookId);
      await repository.removeBookmark(userId, bookId);
      return { bookmarked: false };
    },

    async myLibrary(userId: string): Promise<MyLibrary> {
      const [bookmarked, inProgress, finished] = await Promise.all([
        repository.listBookmarked(userId, MY_LIBRARY_TAB_LIMIT),
        repository.listInProgress(userId, MY_LIBRARY_TAB_LIMIT),
        repository.listFinished(userId, MY_LIBRARY_TAB_LIMIT),
      ]);
      return {
        bookmarked: bookmarked.map((row) => ({ book: toBookCard(row), bookmarkedAt: row.created_at })),
        inProgress: inProgress.map((row) => {
          const pageCount = bookPageCount(row);
          return {
            book: toBookCard(row),
            pageNumber: clampPage(row.page_number, pageCount),
            pageCount,
            updatedAt: row.updated_at,
          };
        }),
        finished: finished.map((row) => ({ book: toBookCard(row), finishedAt: row.finished_at })),
      };
    },
  };
}

export type ReadingService = ReturnType<typeof createReadingService>;
