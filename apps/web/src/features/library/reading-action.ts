import type { Lang } from '@sahifa/contracts/library';
import { readerPath } from '#web/lib/book-paths.ts';

/**
 * The preview's reading button, from the member's state with the book (the reading service's
 * rule): progress means the book is being read — even a finished one read again — so it
 * continues, in the saved language; a finished book without progress says so and offers to
 * read it again. "You finished it" and "Continue at…" are never shown together.
 */
export type ReadingAction =
  | { kind: 'start'; to: string; showFinished: false }
  | { kind: 'continue'; page: number; to: string; showFinished: false }
  | { kind: 'readAgain'; to: string; showFinished: true };

export function readingAction(
  book: { id: string; categoryId: string },
  state: { progress: { pageNumber: number; lang?: Lang | undefined } | null; finishedAt: string | null },
): ReadingAction {
  const { progress } = state;
  const fromStart = readerPath(book);
  if (progress) {
    const to = readerPath(book, progress.lang);
    if (progress.pageNumber > 1 || state.finishedAt) {
      return { kind: 'continue', page: progress.pageNumber, to, showFinished: false };
    }
    return { kind: 'start', to, showFinished: false };
  }
  if (state.finishedAt) return { kind: 'readAgain', to: fromStart, showFinished: true };
  return { kind: 'start', to: fromStart, showFinished: false };
}
