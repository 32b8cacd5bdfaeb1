// Reading rules: progress (a missing record means page 1), finishing, bookmarks, My Library.
// Every call acts for the signed-in member only; nobody reads or writes another's state.
//
// - Progress keeps the page and the language it is read in, so the book reopens in that
//   language on any device (progress saved before languages were kept has none).
// - Finishing deletes the progress and records the book as finished (the first date stays).
// - Reading a finished book again: the reader saves nothing when it merely opens a finished
//   book; once the member turns a page, progress is saved again. The book is then in progress
//   (Continue reading, My Library's In progress, the preview's "Continue at page N") AND stays
//   under Finished with its first date — finishing is history, progress is what is read now.
//   Finishing it again deletes that progress. So every screen reads the same two facts:
//   progress present = being read; finishedAt present = finished at least once.
import type { MyLibrary } from '@sahifa/contracts/books';
import type { Lang, Progress, ReaderState } from '@sahifa/contracts/library';
import { nowIso } from '#server/db/time.ts';
import { AppError } from '#server/kernel/app-error.ts';
import { toBookCard } from '#server/kernel/book-cards.ts';
import type { MemberReads } from '#server/kernel/member-reads.ts';
import { bookNotFound } from '#server/kernel/not-found.ts';
import { whenAllReady } from '#server/kernel/when-ready.ts';
import type { LibraryService } from '#server/modules/library/library.service.ts';
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

/** The saved reading language, left out when none was saved. */
function langField(lang: Lang | null): { lang?: Lang } {
  return lang ? { lang } : {};
}

/** Spec: a missing progress record means page 1 — `progress` is then null and the reader starts at 1. */
function toReaderState(row: ReaderStateRow, pageCount: number): ReaderState {
  return {
    bookmarked: row.bookmarked === true || Number(row.bookmarked) === 1,
    progress:
      row.page_number === null || row.page_number === undefined
        ? null
        : {
            pageNumber: clampPage(Number(row.page_number), pageCount),
            ...langField(row.progress_lang),
            updatedAt: row.progress_updated_at,
          },
    finishedAt: row.finished_at ?? null,
  };
}

/**
 * `library` remembers each book's category and page counts with the rest of the library's data
 * (forgotten when a book is published, edited or hidden), so saving progress or a bookmark writes
 * without reading the book first. `memberReads` remembers the member's state of a book until the
 * member writes anything (decision 021).
 */
export function createReadingService(
  repository: ReadingRepository,
  { library, memberReads }: { library: LibraryService; memberReads: MemberReads },
) {
  /** The book's category and page counts; 404 for an unknown or hidden book (not remembered). */
  function bookPages(bookId: string) {
    return library.shared(['pages', bookId], async () => {
      const book = await repository.findBookPages(bookId);
      if (!book) throw bookNotFound();
      return book;
    });
  }

  return {
    /**
     * The member's state of one book, as the preview and the reader show it; 404 for an unknown or
     * hidden book. At once when all it is made of is remembered (decision 025).
     */
    readerState(userId: string, bookId: string): ReaderState | Promise<ReaderState> {
      const book = bookPages(bookId);
      const row = memberReads.remember(
        ['reader-state', userId, bookId],
        // Not remembered for an unknown or hidden book: made-up ids cannot push out real answers.
        async () => (await Promise.all([repository.findReaderState(userId, bookId), book]))[0],
        () => [userId],
      );
      // The saved page is clamped to the page count as it is now, not as it was when remembered.
      return whenAllReady([row, book], ([state, counts]) => toReaderState(state, bookPageCount(counts)));
    },

    /** Saves the page, and the language when given (else the saved language stays). */
    async saveProgress(
      userId: string,
      bookId: string,
      input: { pageNumber: number; lang?: Lang | undefined },
    ): Promise<Progress> {
      const { pageNumber } = input;
      const book = await bookPages(bookId);
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
      const lang = await repository.saveProgress({
        userId,
        bookId,
        categoryId: book.category_id,
        pageNumber,
        lang: input.lang,
        updatedAt,
      });
      return { pageNumber, ...langField(lang), updatedAt };
    },

    async finish(userId: string, bookId: string): Promise<{ finishedAt: string }> {
      const finishedAt = await repository.finish(userId, bookId, nowIso());
      if (finishedAt === null) throw bookNotFound();
      return { finishedAt };
    },

    async bookmarkState(userId: string, bookId: string) {
      const bookmarked = await repository.isBookmarked(userId, bookId);
      if (!bookmarked) await bookPages(bookId);
      return { bookmarked };
    },

    async addBookmark(userId: string, bookId: string) {
      await bookPages(bookId);
      await repository.addBookmark(userId, bookId, nowIso());
      return { bookmarked: true };
    },

    async removeBookmark(userId: string, bookId: string) {
      await bookPages(bookId);
      await repository.removeBookmark(userId, bookId);
      return { bookmarked: false };
    },

    /** The three tabs, newest first, at most `limit` books each (the assistant asks for fewer). */
    async myLibrary(userId: string, limit = MY_LIBRARY_TAB_LIMIT): Promise<MyLibrary> {
      const [bookmarked, inProgress, finished] = await Promise.all([
        repository.listBookmarked(userId, limit),
        repository.listInProgress(userId, limit),
        repository.listFinished(userId, limit),
      ]);
      return {
        bookmarked: bookmarked.map((row) => ({ book: toBookCard(row), bookmarkedAt: row.created_at })),
        inProgress: inProgress.map((row) => {
          const pageCount = bookPageCount(row);
          return {
            book: toBookCard(row),
            pageNumber: clampPage(row.page_number, pageCount),
            ...langField(row.lang),
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
