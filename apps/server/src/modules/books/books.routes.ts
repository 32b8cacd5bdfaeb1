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
import { memberOnly, requireMember } from '../../auth/require-member.ts';
import { createCommentsRepository } from '../comments/comments.repository.ts';
import { createCommentsService } from '../comments/comments.service.ts';
import { createLibraryRepository } from '../library/library.repository.ts';
import { bookIdParamsSchema, categoryIdParamsSchema, tagIdParamsSchema } from '../library/params.ts';
import { createReadingRepository } from '../reading/reading.repository.ts';
import { createBooksRepository } from './books.repository.ts';
import { BOOKS_PER_CATEGORY, createBooksService } from './books.service.ts';

export async function booksRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = createBooksService({
    books: createBooksRepository(app.db),
    library: createLibraryRepository(app.db),
    reading: createReadingRepository(app.db),
    comments: createCommentsService(createCommentsRepository(app.db)),
  });
  app.addHook('onRequest', memberOnly);

  app.get(
    '/api/v1/books',
    {
      schema: {
        tags: ['books'],
        summary: `Every category with its ${BOOKS_PER_CATEGORY} newest books (official and member summaries)`,
        response: { 200: booksByCategorySchema },
      },
    },
    async () => service.byCategory(),
  );

  app.get(
    '/api/v1/categories/:categoryId/books',
    {
      schema: {
        tags: ['books'],
        summary: "A category's books, official and member summaries merged, newest first (cursor pagination)",
        params: categoryIdParamsSchema,
        querystring: cursorQuerySchema,
        response: { 200: categoryBooksSchema },
      },
    },
    async (request) =>
      service.categoryBooks(request.params.categoryId, request.query.cursor, request.query.limit),
  );

  app.get(
    '/api/v1/tags/:tagId/books',
    {
      schema: {
        tags: ['books'],
        summary: 'Books with a tag, newest first (cursor pagination)',
        params: tagIdParamsSchema,
        querystring: cursorQuerySchema,
        response: { 200: tagBooksSchema },
      },
    },
    async (request) => service.tagBooks(request.params.tagId, request.query.cursor, request.query.limit),
  );

  app.get(
    '/api/v1/books/:bookId',
    {
      schema: {
        tags: ['books'],
        summary:
          "A book's preview: details, tags, page counts, publisher, the member's state, first comments",
        params: bookIdParamsSchema,
        response: { 200: bookPreviewSchema },
      },
    },
    async (request) => {
      const user = await requireMember(request);
      return service.preview(user.id, request.params.bookId);
    },
  );

  app.get(
    '/api/v1/books/:bookId/read',
    {
      schema: {
        tags: ['books'],
        summary: "The reader: the book's English and Arabic pages in order, and the member's state",
        params: bookIdParamsSchema,
        response: { 200: bookReadingSchema },
      },
    },
    async (request) => {
      const user = await requireMember(request);
      return service.read(user.id, request.params.bookId);
    },
  );
}
