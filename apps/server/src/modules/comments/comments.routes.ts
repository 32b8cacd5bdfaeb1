// Ratings and comments on a book.
import {
  addedCommentSchema,
  commentPageSchema,
  newCommentBodySchema,
  ratingSummarySchema,
} from '@sahifa/contracts/comments';
import { cursorQuerySchema } from '@sahifa/contracts/library';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { memberOnly, requireMember } from '#server/auth/require-member.ts';
import { bookIdParamsSchema, commentIdParamsSchema } from '#server/kernel/params.ts';
import type { CommentsService } from './comments.service.ts';

export async function commentsRoutes(fastify: FastifyInstance, { comments }: { comments: CommentsService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', memberOnly);

  app.get(
    '/api/v1/books/:bookId/comments',
    {
      schema: {
        tags: ['comments'],
        summary:
          "A book's comments, newest first (cursor pagination), with its average rating and the " +
          "member's own review (myReview, wherever it falls in the list)",
        params: bookIdParamsSchema,
        querystring: cursorQuerySchema,
        response: { 200: commentPageSchema },
      },
    },
    async (request) => {
      const user = await requireMember(request);
      const { cursor, limit } = request.query;
      return comments.page(request.params.bookId, user.id, cursor, limit);
    },
  );

  app.post(
    '/api/v1/books/:bookId/comments',
    {
      schema: {
        tags: ['comments'],
        summary:
          'Rate a book (1–5) with an optional comment; one review per member: rating again edits it. ' +
          'Answers the review and the new average at once',
        params: bookIdParamsSchema,
        body: newCommentBodySchema,
        response: {
          200: addedCommentSchema.describe("The member's existing review, edited (same id, dated now)"),
          201: addedCommentSchema.describe("The member's first review of this book"),
        },
      },
    },
    async (request, reply) => {
      const user = await requireMember(request);
      const { created, review } = await comments.rate(user.id, request.params.bookId, request.body);
      return reply.status(created ? 201 : 200).send(review);
    },
  );

  app.delete(
    '/api/v1/comments/:commentId',
    {
      schema: {
        tags: ['comments'],
        summary: "Delete one's own comment; answers the book's new average",
        params: commentIdParamsSchema,
        response: { 200: ratingSummarySchema },
      },
    },
    async (request) => {
      const user = await requireMember(request);
      return comments.remove(user.id, request.params.commentId);
    },
  );
}
