// The only Kysely code of the comments module. A book's rating_count and rating_sum change in
// the same transaction as its comment rows, so the average never needs a scan of the comments.
// A member has one review per book (unique index on book_comment (book_id, user_id)).
import { type Kysely, sql } from 'kysely';
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

export function createCommentsRepository(db: Kysely<Database>) {
  return {
    /** The book's rating counters, or undefined for an unknown book. */
    async findRating(bookId: string): Promise<RatingRow | undefined> {
      return db
        .selectFrom('book')
        .select(['book.rating_count', 'book.rating_sum'])
        .where('book.id', '=', bookId)
        .executeTakeFirst();
    },

    /**
     * A page of comments, newest first (`after` is the (date, id) of the last comment already
     * shown), and the viewer's own review wherever it falls in the list: one statement, a UNION
     * ALL of the page and the viewer's row (found through the unique (book_id, user_id) index).
     */
    async listComments(
      bookId: string,
      viewerId: string,
      after: readonly [string, string] | undefined,
      limit: number,
    ): Promise<{ rows: CommentRow[]; mine: CommentRow | undefined }> {
      const comments = () =>
        db
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
          .where('book_comment.book_id', '=', bookId);
      let page = comments().select(sql<number>`0`.as('is_mine'));
      if (after) {
        page = page.where(({ eb, refTuple, tuple }) =>
          eb(refTuple('book_comment.date', 'book_comment.id'), '<', tuple(after[0], after[1])),
        );
      }
      page = page.orderBy('book_comment.date', 'desc').orderBy('book_comment.id', 'desc').limit(limit);
      const mine = comments()
        .select(sql<number>`1`.as('is_mine'))
        .where('book_comment.user_id', '=', viewerId);
      const rows = await db
        .selectFrom(page.as('page'))
        .selectAll()
        .unionAll(db.selectFrom(mine.as('mine')).selectAll())
        .orderBy('is_mine')
        .orderBy('date', 'desc')
        .orderBy('id', 'desc')
        .execute();
      const strip = ({ is_mine: _, ...row }: (typeof rows)[number]): CommentRow => row;
      return {
        rows: rows.filter((row) => Number(row.is_mine) === 0).map(strip),
        mine: rows.filter((row) => Number(row.is_mine) === 1).map(strip)[0],
      };
    },

    /**
     * Saves the member's review of the book — a new row, or their existing one edited (same id)
     * — and moves the book's counters by the difference, in one transaction. Returns the review
     * with its author, whether it was new, and the book's new counters; null for an unknown book.
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
          .returning('book.id')
          .executeTakeFirst();
        if (!book) return null;
        const previous = await trx
          .selectFrom('book_comment')
          .select(['book_comment.rating'])
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
        const rating = await trx
          .updateTable('book')
          .set((eb) => ({
            rating_count: eb('book.rating_count', '+', previous ? 0 : 1),
            rating_sum: eb('book.rating_sum', '+', input.rating - oldRating),
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

    /** Only the author may delete; the rating leaves the book's counters in the same transaction. */
    async deleteComment(commentId: string, userId: string): Promise<DeleteOutcome> {
      return db.transaction().execute(async (trx): Promise<DeleteOutcome> => {
        const found = await trx
          .selectFrom('book_comment')
          .select(['book_comment.user_id', 'book_comment.book_id'])
          .where('book_comment.id', '=', commentId)
          .executeTakeFirst();
        if (!found) return { status: 'not_found' };
        if (found.user_id !== userId) return { status: 'forbidden' };
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
          .where('book_comment.user_id', '=', userId)
          .returning('book_comment.rating')
          .executeTakeFirst();
        // Another request deleted it between the two statements: count its rating out only once.
        if (!deleted) return { status: 'not_found' };
        const rating = await trx
          .updateTable('book')
          .set((eb) => ({
            rating_count: eb('book.rating_count', '-', 1),
            rating_sum: eb('book.rating_sum', '-', Number(deleted.rating)),
          }))
          .where('book.id', '=', found.book_id)
          .returning(['book.rating_count', 'book.rating_sum'])
          .executeTakeFirstOrThrow();
        return { status: 'deleted', rating };
      });
    },
  };
}

export type CommentsRepository = ReturnType<typeof createCommentsRepository>;
