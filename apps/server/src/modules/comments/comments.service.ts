// Comment and rating rules: a rating 1–5 with an optional comment; one review per member per
// book (rating again edits it and moves it to the top); newest first; only the author deletes
// (and operators, through the moderation module); the average is sum / count, 0 when there are
// none (spec). Hidden comments are left out of the lists and the average.
import type { AddedComment, Comment, CommentPage, NewCommentBody } from '@sahifa/contracts/comments';
import { PAGE_SIZE } from '@sahifa/contracts/library';
import { newId } from '#server/db/ids.ts';
import type { Keys } from '#server/db/keyset.ts';
import { nowIso } from '#server/db/time.ts';
import { AppError } from '#server/kernel/app-error.ts';
import { averageRating } from '#server/kernel/book-cards.ts';
import { decodeKeys, toPage } from '#server/kernel/cursor.ts';
import type { MemberReads } from '#server/kernel/member-reads.ts';
import { bookNotFound } from '#server/kernel/not-found.ts';
import { toAuthor } from '#server/kernel/presenters.ts';
import { createSameAnswers } from '#server/kernel/same-answers.ts';
import { whenAllReady, whenReady } from '#server/kernel/when-ready.ts';
import type { LibraryService } from '#server/modules/library/library.service.ts';
import type { CommentRow, CommentsRepository, RatingRow } from './comments.repository.ts';

/** A page of comments as every member sees it, with the book's rating. */
interface SharedPage {
  rating: RatingRow;
  page: { items: CommentRow[]; nextCursor: string | null };
}

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
 * it remembers each book's first page of comments. `memberReads` remembers a member's own review
 * of a book until the member writes anything (decision 021).
 */
export function createCommentsService(
  repository: CommentsRepository,
  { library, memberReads }: { library: LibraryService; memberReads: MemberReads },
) {
  // A viewer's page, and the preview's first page, the same objects while what they are made of is
  // (the remembered page and review): the preview that holds them is then the same answer too, and
  // its bytes are made once (kernel/same-answers.ts).
  const pages = createSameAnswers(
    (shared: SharedPage, mine: CommentRow | undefined, viewerId: string): CommentPage => ({
      items: shared.page.items.map((row) => toComment(row, viewerId)),
      nextCursor: shared.page.nextCursor,
      myReview: mine ? toComment(mine, viewerId) : null,
      rating: toRatingSummary(shared.rating),
    }),
    { maxEntries: 1000 },
  );
  const firstPages = createSameAnswers(({ rating: _, ...first }: CommentPage) => first, { maxEntries: 1000 });

  /** A page of comments and the book's rating, the same for every member; 404 for an unknown or hidden book. */
  async function sharedPage(bookId: string, after: Keys | undefined, limit: number): Promise<SharedPage> {
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
  function page(
    bookId: string,
    viewerId: string,
    cursor?: string,
    limit: number = PAGE_SIZE.comments,
  ): CommentPage | Promise<CommentPage> {
    const after = decodeKeys(cursor);
    // The first page is the same for every member: remembered with the library (its authors'
    // names too, which is why a profile change tells the library). A failed load (an unknown
    // book) is not remembered.
    const sharedLoad = after
      ? sharedPage(bookId, after, limit)
      : library.shared(['comments', bookId, limit], () => sharedPage(bookId, undefined, limit));
    const mine = memberReads.remember(
      ['my-review', viewerId, bookId],
      // Not remembered for an unknown or hidden book: made-up ids cannot push out real answers.
      async () => (await Promise.all([repository.findMyComment(bookId, viewerId), sharedLoad]))[0],
      () => [viewerId],
    );
    // At once when both are remembered (decision 025).
    return whenAllReady([sharedLoad, mine], ([shared, review]) =>
      pages.answer([viewerId, bookId, limit, cursor], shared, review, viewerId),
    );
  }

  return {
    page,

    /** The preview's first page: `page` without the rating (the preview's book card has it). */
    firstPage(bookId: string, viewerId: string) {
      return whenReady(page(bookId, viewerId), (first) => firstPages.answer([viewerId, bookId], first));
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
