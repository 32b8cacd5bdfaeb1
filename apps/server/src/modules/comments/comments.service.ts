// Comment and rating rules: a rating 1–5 with an optional comment; one review per member per
// book (rating again edits it and moves it to the top); newest first; only the author deletes
// (and operators, through the moderation module); the average is sum / count, 0 when there are
// none (spec). Hidden comments are left out of the lists and the average.
import type { AddedComment, Comment, CommentPage, NewCommentBody } from '@sahifa/contracts/comments';
import { PAGE_SIZE } from '@sahifa/contracts/library';
import { newId } from '#server/db/ids.ts';
import { nowIso } from '#server/db/time.ts';
import { AppError } from '#server/kernel/app-error.ts';
import { averageRating } from '#server/kernel/book-cards.ts';
import { decodeCursor, toPage } from '#server/kernel/cursor.ts';
import { bookNotFound } from '#server/kernel/not-found.ts';
import { toAuthor } from '#server/kernel/presenters.ts';
import type { LibraryService } from '#server/modules/library/library.service.ts';
import type { CommentRow, CommentsRepository, RatingRow } from './comments.repository.ts';

const commentNotFound = () => new AppError(404, 'COMMENT_NOT_FOUND', 'This comment does not exist.');

export function toComment(row: CommentRow, viewerId: string): Comment {
  return {
    id: row.id,
    bookId: row.book_id,
    rating: Number(row.rating),
    comment: row.comment,
    date: row.date,
    author: toAuthor({ number: row.author_number, name: row.author_name, image: row.author_image }),
    isMine: row.user_id === viewerId,
  };
}

export function toRatingSummary(row: RatingRow) {
  return {
    averageRating: averageRating(row.rating_count, row.rating_sum),
    ratingCount: Number(row.rating_count),
  };
}

/**
 * `library` is told of every rating added, changed or removed: book cards show the average, and
 * it remembers each book's first page of comments.
 */
export function createCommentsService(repository: CommentsRepository, library: LibraryService) {
  /** A page of comments and the book's rating, the same for every member; 404 for an unknown or hidden book. */
  async function sharedPage(bookId: string, after: [string, string] | undefined, limit: number) {
    const [rating, rows] = await Promise.all([
      repository.findRating(bookId),
      repository.listComments(bookId, after, limit + 1),
    ]);
    if (!rating) throw bookNotFound();
    return { rating, page: toPage(rows, limit, (row) => [row.date, row.id]) };
  }

  /**
   * A page of comments, newest first, the book's rating, and the viewer's own review wherever it
   * falls in the list (their form edits it).
   */
  async function page(
    bookId: string,
    viewerId: string,
    cursor?: string,
    limit: number = PAGE_SIZE.comments,
  ): Promise<CommentPage> {
    const after = decodeCursor(cursor, 2) as [string, string] | undefined;
    const [shared, mine] = await Promise.all([
      // The first page is the same for every member: remembered with the library (its authors'
      // names too, which is why a profile change tells the library). A failed load (an unknown
      // book) is not remembered.
      after
        ? sharedPage(bookId, after, limit)
        : library.shared(`comments ${bookId} ${limit}`, () => sharedPage(bookId, undefined, limit)),
      repository.findMyComment(bookId, viewerId),
    ]);
    return {
      items: shared.page.items.map((row) => toComment(row, viewerId)),
      nextCursor: shared.page.nextCursor,
      myReview: mine ? toComment(mine, viewerId) : null,
      rating: toRatingSummary(shared.rating),
    };
  }

  return {
    page,

    /** The preview's first page: `page` without the rating (the preview's book card has it). */
    async firstPage(bookId: string, viewerId: string) {
      const { rating: _, ...first } = await page(bookId, viewerId);
      return first;
    },

    /**
     * The member rates the book: their first rating adds a review (`created`), a later one edits
     * it — new rating and comment, dated now, same id — and the average follows at once.
     */
    async rate(
      userId: string,
      bookId: string,
      body: NewCommentBody,
    ): Promise<{ created: boolean; review: AddedComment }> {
      const saved = await repository.saveReview({
        id: newId(),
        bookId,
        userId,
        rating: body.rating,
        comment: body.comment.trim(),
        date: nowIso(),
      });
      if (!saved) throw bookNotFound();
      library.changed();
      return {
        created: saved.created,
        review: { comment: toComment(saved.comment, userId), rating: toRatingSummary(saved.rating) },
      };
    },

    async remove(userId: string, commentId: string) {
      const outcome = await repository.deleteComment(commentId, userId);
      if (outcome.status === 'not_found') throw commentNotFound();
      if (outcome.status === 'forbidden') {
        throw new AppError(403, 'FORBIDDEN', 'Only the author of a comment can delete it.');
      }
      library.changed();
      return toRatingSummary(outcome.rating);
    },

    /** An operator's decision, whoever wrote the comment; false when already gone. */
    async removeAsOperator(commentId: string): Promise<boolean> {
      const deleted = (await repository.deleteComment(commentId, null)).status === 'deleted';
      if (deleted) library.changed();
      return deleted;
    },

    /** An operator's decision: its rating leaves the average; false when missing or hidden already. */
    async hide(commentId: string): Promise<boolean> {
      const hidden = await repository.hideComment(commentId, nowIso());
      if (hidden) library.changed();
      return hidden;
    },
  };
}

export type CommentsService = ReturnType<typeof createCommentsService>;
