// The only Kysely code of the comments module. A book's rating_count and rating_sum change in
// the same transaction as its comment rows, so the average never needs a scan of the comments.
// A member has one review per book (unique index on book_comment (book_id, user_id)). A hidden
// comment (moderation) is left out of the lists and of the counters; a hidden book has no comments
// to show and takes no new ones.
import type { Kysely } from 'kysely';
import { compiledQuery } from '#server/db/compiled-query.ts';
import { type Keys, pageAfter } from '#server/db/keyset.ts';
import type { Database } from '#server/db/schema.ts';

type Count = number | string | bigint;

export interface CommentRow {
  id: string;
  book_id: string;
  user_id: string;
  rating: number;
  comment: string;
  date: string;
  author_number: number;
  author_name: string;
  author_image: string | null;
}

export interface RatingRow {
  rating_count: Count;
  rating_sum: Count;
}

export type DeleteOutcome =
  | { status: 'deleted'; rating: RatingRow }
  | { status: 'not_found' }
  | { status: 'forbidden' };

/** A book's visible comments with their authors. */
function visibleComments(db: Kysely<Database>, bookId: string) {
  return db
    .selectFrom('book_comment')
    .innerJoin('user', 'user.id', 'book_comment.user_id')
    .select([
      'book_comment.id',
      'book_comment.book_id',
      'book_comment.user_id',
      'book_comment.rating',
      'book_comment.comment',
      'book_comment.date',
      'user.user_number as author_number',
      'user.name as author_name',
      'user.image as author_image',
    ])
    .where('book_comment.book_id', '=', bookId)
    .where('book_comment.hidden_at', 'is', null);
}

/** Every page of comments is in (date, id) order, newest first (db/keyset.ts). */
const COMMENT_ORDER = ['book_comment.date', 'book_comment.id'] as const;

export function createCommentsRepository(db: Kysely<Database>) {
  // The preview's queries, compiled once (db/compiled-query.ts): the first page, a later one
  // (after the (date, id) of the last comment shown), and the viewer's own review.
  const firstPage = compiledQuery(db, 2, (bookId: string, limit: number) =>
    pageAfter(visibleComments(db, bookId), COMMENT_ORDER, undefined, limit),
  );
  const laterPage = compiledQuery(
    db,
    4,
    (bookId: string, limit: number, afterDate: string, afterId: string) =>
      pageAfter(visibleComments(db, bookId), COMMENT_ORDER, [afterDate, afterId], limit),
  );
  const myComment = compiledQuery(db, 2, (bookId: string, viewerId: string) =>
    visibleComments(db, bookId).where('book_comment.user_id', '=', viewerId),
  );

  return {
    /** The book's rating counters, or undefined for an unknown or hidden book. */
    async findRating(bookId: string): Promise<RatingRow | undefined> {
      return db
        .selectFrom('book')
        .select(['book.rating_count', 'book.rating_sum'])
        .where('book.id', '=', bookId)
        .where('book.hidden_at', 'is', null)
        .executeTakeFirst();
    },

    /** A page of comments, newest first, the same for every viewer. */
    async listComments(bookId: string, after: Keys | undefined, limit: number): Promise<CommentRow[]> {
      return after ? laterPage(bookId, limit, after[0], after[1]) : firstPage(bookId, limit);
    },

    /** The viewer's own review of the book (one row: the unique (book_id, user_id) index). */
    async findMyComment(bookId: string, viewerId: string): Promise<CommentRow | undefined> {
      const [row] = await myComment(bookId, viewerId);
      return row;
    },

    /**
     * Saves the member's review of the book — a new row, or their existing one edited (same id)
     * — and moves the book's counters by the difference, in one transaction. Returns the review
     * with its author, whether it was new, and the book's new counters; null for an unknown or
     * hidden book. An edit of a hidden review stays hidden and out of the counters.
     */
    async saveReview(input: {
      id: string;
      bookId: string;
      userId: string;
      rating: number;
      comment: string;
      date: string;
    }): Promise<{ comment: CommentRow; created: boolean; rating: RatingRow } | null> {
      return db.transaction().execute(async (trx) => {
        // Lock the book's row first (a no-op update; PostgreSQL holds the lock to the commit,
        // SQLite has one writer anyway), so two ratings of the same book by the same member run
        // one after the other: the second sees the first's row and edits it. Deleting a comment
        // takes the same lock first, so the two never wait on each other in opposite orders.
        const book = await trx
          .updateTable('book')
          .set((eb) => ({ rating_count: eb.ref('book.rating_count') }))
          .where('book.id', '=', input.bookId)
          .where('book.hidden_at', 'is', null)
          .returning('book.id')
          .executeTakeFirst();
        if (!book) return null;
        const previous = await trx
          .selectFrom('book_comment')
          .select(['book_comment.rating', 'book_comment.hidden_at'])
          .where('book_comment.book_id', '=', input.bookId)
          .where('book_comment.user_id', '=', input.userId)
          .executeTakeFirst();
        // The unique (book_id, user_id) index is the last word: an edit keeps the row and its id.
        const saved = await trx
          .insertInto('book_comment')
          .values({
            id: input.id,
            book_id: input.bookId,
            user_id: input.userId,
            rating: input.rating,
            comment: input.comment,
            date: input.date,
          })
          .onConflict((oc) =>
            oc.columns(['book_id', 'user_id']).doUpdateSet((eb) => ({
              rating: eb.ref('excluded.rating'),
              comment: eb.ref('excluded.comment'),
              date: eb.ref('excluded.date'),
            })),
          )
          .returning(['book_comment.id'])
          .executeTakeFirstOrThrow();
        const oldRating = previous ? Number(previous.rating) : 0;
        const counted = previous?.hidden_at == null;
        const rating = await trx
          .updateTable('book')
          .set((eb) => ({
            rating_count: eb('book.rating_count', '+', previous ? 0 : 1),
            rating_sum: eb('book.rating_sum', '+', counted ? input.rating - oldRating : 0),
          }))
          .where('book.id', '=', input.bookId)
          .returning(['book.rating_count', 'book.rating_sum'])
          .executeTakeFirstOrThrow();
        const author = await trx
          .selectFrom('user')
          .select(['user.user_number', 'user.name', 'user.image'])
          .where('user.id', '=', input.userId)
          .executeTakeFirstOrThrow();
        return {
          comment: {
            id: saved.id,
            book_id: input.bookId,
            user_id: input.userId,
            rating: input.rating,
            comment: input.comment,
            date: input.date,
            author_number: author.user_number,
            author_name: author.name,
            author_image: author.image,
          },
          created: !previous,
          rating,
        };
      });
    },

    /**
     * Only the author (`userId`) may delete, or anyone when `userId` is null (an operator's
     * decision); the rating leaves the book's counters in the same transaction.
     */
    async deleteComment(commentId: string, userId: string | null): Promise<DeleteOutcome> {
      return db.transaction().execute(async (trx): Promise<DeleteOutcome> => {
        const found = await trx
          .selectFrom('book_comment')
          .select(['book_comment.user_id', 'book_comment.book_id'])
          .where('book_comment.id', '=', commentId)
          .executeTakeFirst();
        if (!found) return { status: 'not_found' };
        if (userId !== null && found.user_id !== userId) return { status: 'forbidden' };
        // The book's row first, as saveReview takes it (see there).
        await trx
          .updateTable('book')
          .set((eb) => ({ rating_count: eb.ref('book.rating_count') }))
          .where('book.id', '=', found.book_id)
          .execute();
        // The rating as it is now (an edit may have changed it since the first read).
        const deleted = await trx
          .deleteFrom('book_comment')
          .where('book_comment.id', '=', commentId)
          .where('book_comment.user_id', '=', found.user_id)
          .returning(['book_comment.rating', 'book_comment.hidden_at'])
          .executeTakeFirst();
        // Another request deleted it between the two statements: count its rating out only once.
        if (!deleted) return { status: 'not_found' };
        // A hidden comment's rating left the counters when it was hidden.
        const counted = deleted.hidden_at === null;
        const rating = await trx
          .updateTable('book')
          .set((eb) => ({
            rating_count: eb('book.rating_count', '-', counted ? 1 : 0),
            rating_sum: eb('book.rating_sum', '-', counted ? Number(deleted.rating) : 0),
          }))
          .where('book.id', '=', found.book_id)
          .returning(['book.rating_count', 'book.rating_sum'])
          .executeTakeFirstOrThrow();
        return { status: 'deleted', rating };
      });
    },

    /**
     * Hides the comment and takes its rating out of the book's counters in one transaction; false
     * when it does not exist or is hidden already.
     */
    async hideComment(commentId: string, hiddenAt: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const found = await trx
          .selectFrom('book_comment')
          .select('book_comment.book_id')
          .where('book_comment.id', '=', commentId)
          .executeTakeFirst();
        if (!found) return false;
        // The book's row first, as saveReview takes it (see there).
        await trx
          .updateTable('book')
          .set((eb) => ({ rating_count: eb.ref('book.rating_count') }))
          .where('book.id', '=', found.book_id)
          .execute();
        // The rating as it is now (an edit may have changed it since the first read).
        const hidden = await trx
          .updateTable('book_comment')
          .set({ hidden_at: hiddenAt })
          .where('book_comment.id', '=', commentId)
          .where('book_comment.hidden_at', 'is', null)
          .returning('book_comment.rating')
          .executeTakeFirst();
        if (!hidden) return false;
        await trx
          .updateTable('book')
          .set((eb) => ({
            rating_count: eb('book.rating_count', '-', 1),
            rating_sum: eb('book.rating_sum', '-', Number(hidden.rating)),
          }))
          .where('book.id', '=', found.book_id)
          .execute();
        return true;
      });
    },
  };
}

export type CommentsRepository = ReturnType<typeof createCommentsRepository>;
