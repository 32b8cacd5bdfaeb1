// The only Kysely code of the comments module. A book's rating_count and rating_sum change in
// the same transaction as its comment rows, so the average never needs a scan of the comments.
import type { Kysely } from 'kysely';
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

    /** Newest first; `after` is the (date, id) of the last comment already shown. */
    async listComments(bookId: string, after: readonly [string, string] | undefined, limit: number) {
      let query = db
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
      if (after) {
        query = query.where(({ eb, refTuple, tuple }) =>
          eb(refTuple('book_comment.date', 'book_comment.id'), '<', tuple(after[0], after[1])),
        );
      }
      const rows: CommentRow[] = await query
        .orderBy('book_comment.date', 'desc')
        .orderBy('book_comment.id', 'desc')
        .limit(limit)
        .execute();
      return rows;
    },

    /**
     * Adds the comment and counts its rating in one transaction. Returns the comment with its
     * author and the book's new counters, or null when the book does not exist.
     */
    async addComment(input: {
      id: string;
      bookId: string;
      userId: string;
      rating: number;
      comment: string;
      date: string;
    }): Promise<{ comment: CommentRow; rating: RatingRow } | null> {
      return db.transaction().execute(async (trx) => {
        // Updating the book first locks its row, so it cannot disappear under the insert.
        const rating = await trx
          .updateTable('book')
          .set((eb) => ({
            rating_count: eb('book.rating_count', '+', 1),
            rating_sum: eb('book.rating_sum', '+', input.rating),
          }))
          .where('book.id', '=', input.bookId)
          .returning(['book.rating_count', 'book.rating_sum'])
          .executeTakeFirst();
        if (!rating) return null;
        await trx
          .insertInto('book_comment')
          .values({
            id: input.id,
            book_id: input.bookId,
            user_id: input.userId,
            rating: input.rating,
            comment: input.comment,
            date: input.date,
          })
          .execute();
        const author = await trx
          .selectFrom('user')
          .select(['user.user_number', 'user.name', 'user.image'])
          .where('user.id', '=', input.userId)
          .executeTakeFirstOrThrow();
        return {
          comment: {
            id: input.id,
            book_id: input.bookId,
            user_id: input.userId,
            rating: input.rating,
            comment: input.comment,
            date: input.date,
            author_number: author.user_number,
            author_name: author.name,
            author_image: author.image,
          },
          rating,
        };
      });
    },

    /** Only the author may delete; the rating leaves the book's counters in the same transaction. */
    async deleteComment(commentId: string, userId: string): Promise<DeleteOutcome> {
      return db.transaction().execute(async (trx): Promise<DeleteOutcome> => {
        const found = await trx
          .selectFrom('book_comment')
          .select(['book_comment.user_id', 'book_comment.book_id', 'book_comment.rating'])
          .where('book_comment.id', '=', commentId)
          .executeTakeFirst();
        if (!found) return { status: 'not_found' };
        if (found.user_id !== userId) return { status: 'forbidden' };
        const deleted = await trx
          .deleteFrom('book_comment')
          .where('book_comment.id', '=', commentId)
          .where('book_comment.user_id', '=', userId)
          .executeTakeFirst();
        // Another request deleted it between the two statements: count its rating out only once.
        if (Number(deleted.numDeletedRows) === 0) return { status: 'not_found' };
        const rating = await trx
          .updateTable('book')
          .set((eb) => ({
            rating_count: eb('book.rating_count', '-', 1),
            rating_sum: eb('book.rating_sum', '-', found.rating),
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
