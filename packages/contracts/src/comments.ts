// Ratings and comments on a book. The average is sum / count of ratings, 0 when none (spec).
import { z } from 'zod';
import { LIMITS } from './library.ts';
import { authorSchema } from './members.ts';
import { memberText } from './text.ts';

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

/**
 * POST /api/v1/books/:bookId/comments — the comment may be empty; the rating may not. A member has
 * one review per book: posting again edits it (200) instead of adding another (201).
 */
export const newCommentBodySchema = z.object({
  rating: z.number().int().min(1).max(5),
  comment: memberText({ max: LIMITS.comment, required: false }).default(''),
});
export type NewCommentBody = z.infer<typeof newCommentBodySchema>;

/** The answer to deleting a comment: the book's new average at once. */
export const ratingSummarySchema = z.object({ averageRating: z.number(), ratingCount: z.number().int() });
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

/** The answer to rating a book (new or edited review): the review and the book's new average. */
export const addedCommentSchema = z.object({ comment: commentSchema, rating: ratingSummarySchema });
export type AddedComment = z.infer<typeof addedCommentSchema>;

/**
 * The signed-in member's own review of the book, wherever it falls in the list (the form edits
 * it); null when they have not rated the book.
 */
export const myReviewSchema = commentSchema.nullable();

/** GET /api/v1/books/:bookId/comments?cursor — newest first. */
export const commentPageSchema = z.object({
  items: z.array(commentSchema),
  nextCursor: z.string().nullable(),
  rating: ratingSummarySchema,
  myReview: myReviewSchema,
});
export type CommentPage = z.infer<typeof commentPageSchema>;
