// Browsing the library: all categories, a category, a tag, a book's preview, the reader.

import {
  bookPreviewSchema,
  bookReadingSchema,
  booksByCategorySchema,
  categoryBooksSchema,
  tagBooksSchema,
} from '@sahifa/contracts/books';
import { cursorQuerySchema } from '@sahifa/contracts/library';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { memberOnly, requireMember } from '#server/auth/require-member.ts';
import { answersWithETags, sendAnswer, sendAnswerWhenMade } from '#server/http/remembered-bytes.ts';
import { bookIdParamsSchema, categoryIdParamsSchema, tagIdParamsSchema } from '#server/kernel/params.ts';
import { whenReady } from '#server/kernel/when-ready.ts';
import { BOOKS_PER_CATEGORY, type BooksService } from './books.service.ts';

/**
 * Every answer here is one the service remembers (the lists, the same for every member) or hands
 * back as the same object while nothing in it changed (a member's preview and reader,
 * kernel/same-answers.ts): sent as bytes made once, with an ETag, so a browser that has the
 * current answer gets a bodiless 304.
 */
export async function booksRoutes(fastify: FastifyInstance, { books }: { books: BooksService }) {
  fastify.addHook('onRequest', memberOnly);
  await answersWithETags(fastify, 'private, no-cache');
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/v1/books/:bookId',
    {
      compress: false,
      schema: {
        tags: ['books'],
        summary:
          "A book's preview: details, tags, page counts, publisher, the member's state, first comments",
        params: bookIdParamsSchema,
        response: { 200: bookPreviewSchema },
      },
    },
    (request, reply) =>
      sendAnswerWhenMade(
        reply,
        whenReady(requireMember(request), (user) => books.preview(user.id, request.params.bookId)),
      ),
  );

  app.get(
    '/api/v1/books/:bookId/read',
    {
      compress: false,
      schema: {
        tags: ['books'],
        summary: "The reader: the book's English and Arabic pages in order, and the member's state",
        params: bookIdParamsSchema,
        response: { 200: bookReadingSchema },
      },
    },
    async (request, reply) => {
      const user = await requireMember(request);
      return sendAnswer(reply, await books.read(user.id, request.params.bookId));
    },
  );

  app.get(
    '/api/v1/books',
    {
      compress: false,
      schema: {
        tags: ['books'],
        summary: `Every category with its ${BOOKS_PER_CATEGORY} newest books (official and member summaries)`,
        response: { 200: booksByCategorySchema },
      },
    },
    async (_request, reply) => sendAnswer(reply, await books.byCategory()),
  );

  app.get(
    '/api/v1/categories/:categoryId/books',
    {
      compress: false,
      schema: {
        tags: ['books'],
        summary: "A category's books, official and member summaries merged, newest first (cursor pagination)",
        params: categoryIdParamsSchema,
        querystring: cursorQuerySchema,
        response: { 200: categoryBooksSchema },
      },
    },
    async (request, reply) =>
      sendAnswer(
        reply,
        await books.categoryBooks(request.params.categoryId, request.query.cursor, request.query.limit),
      ),
  );

  app.get(
    '/api/v1/tags/:tagId/books',
    {
      compress: false,
      schema: {
        tags: ['books'],
        summary: 'Books with a tag, newest first (cursor pagination)',
        params: tagIdParamsSchema,
        querystring: cursorQuerySchema,
        response: { 200: tagBooksSchema },
      },
    },
    async (request, reply) =>
      sendAnswer(
        reply,
        await books.tagBooks(request.params.tagId, request.query.cursor, request.query.limit),
      ),
  );
}
