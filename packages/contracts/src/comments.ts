// Ratings and comments on a book. The average is sum / count of ratings, 0 when none (spec).
import { z } from 'zod';
import { LIMITS } from './library.ts';
import { authorSchema } from './members.ts';

export const commentSchema = z.object({
  id: z.string(),
  bookId: z.string(),
  rating: z.number().int().min(1).max(5),
  comment: z.string(),
  date: z.string(),
  author: authorSchema,
  /** Written by the signed-in member (who may delete it). */
  isMine: z.boolean(),
});
export type Comment = z.infer<typeof commentSchema>;

/** POST /api/v1/books/:bookId/comments — the comment may be empty; the rating may not. */
export const newCommentBodySchema = z.object({
  rating: z.number().int().min(1).max(5),
  comment: z.string().max(LIMITS.comment).default(''),
});
export type NewCommentBody = z.infer<typeof newCommentBodySchema>;

/** The answer to adding or deleting a comment: the book's new average at once. */
export const ratingSummarySchema = z.object({ averageRating: z.number(), ratingCount: z.number().int() });
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

export const addedCommentSchema = z.object({ comment: commentSchema, rating: ratingSummarySchema });
export type AddedComment = z.infer<typeof addedCommentSchema>;

/** GET /api/v1/books/:bookId/comments?cursor — newest first. */
export const commentPageSchema = z.object({
  items: z.array(commentSchema),
  nextCursor: z.string().nullable(),
  rating: ratingSummarySchema,
});
export type CommentPage = z.infer<typeof commentPageSchema>;
