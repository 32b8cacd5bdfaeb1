// The member's reading state: progress, finishing, bookmarks and My Library.
import { myLibrarySchema } from '@sahifa/contracts/books';
import {
  bookmarkStateSchema,
  finishedSchema,
  progressSchema,
  saveProgressBodySchema,
} from '@sahifa/contracts/library';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { memberOnly, requireMember } from '#server/auth/require-member.ts';
import { bookIdParamsSchema } from '#server/kernel/params.ts';
import type { ReadingService } from './reading.service.ts';

export async function readingRoutes(fastify: FastifyInstance, { reading }: { reading: ReadingService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', memberOnly);

  app.put(
    '/api/v1/books/:bookId/progress',
    {
      schema: {
        tags: ['reading'],
        summary:
          'Save the page the member is on (1-based, at most the page count of the longer language) and the language read in',
        params: bookIdParamsSchema,
        body: saveProgressBodySchema,
        response: { 200: progressSchema },
      },
    },
    async (request) => {
      const user = await requireMember(request);
      return reading.saveProgress(user.id, request.params.bookId, request.body);
    },
  );

  app.post(
    '/api/v1/books/:bookId/finish',
    {
      schema: {
        tags: ['reading'],
        summary:
          'Finish a book: deletes its progress, records it as finished (a second finish keeps the first date)',
        params: bookIdParamsSchema,
        response: { 200: finishedSchema },
      },
    },
    async (request) => {
      const user = await requireMember(request);
      return reading.finish(user.id, request.params.bookId);
    },
  );

  app.get(
    '/api/v1/books/:bookId/bookmark',
    {
      schema: {
        tags: ['reading'],
        summary: 'Whether the member bookmarked the book',
        params: bookIdParamsSchema,
        response: { 200: bookmarkStateSchema },
      },
    },
    async (request) => {
      const user = await requireMember(request);
      return reading.bookmarkState(user.id, request.params.bookId);
    },
  );

  app.put(
    '/api/v1/books/:bookId/bookmark',
    {
      schema: {
        tags: ['reading'],
        summary: 'Bookmark the book (idempotent)',
        params: bookIdParamsSchema,
        response: { 200: bookmarkStateSchema },
      },
    },
    async (request) => {
      const user = await requireMember(request);
      return reading.addBookmark(user.id, request.params.bookId);
    },
  );

  app.delete(
    '/api/v1/books/:bookId/bookmark',
    {
      schema: {
        tags: ['reading'],
        summary: 'Remove the bookmark (idempotent)',
        params: bookIdParamsSchema,
        response: { 200: bookmarkStateSchema },
      },
    },
    async (request) => {
      const user = await requireMember(request);
      return reading.removeBookmark(user.id, request.params.bookId);
    },
  );

  app.get(
    '/api/v1/me/library',
    {
      schema: {
        tags: ['reading'],
        summary:
          "My Library: the member's bookmarked, in-progress and finished books (newest first, 100 each)",
        response: { 200: myLibrarySchema },
      },
    },
    async (request) => {
      const user = await requireMember(request);
      return reading.myLibrary(user.id);
    },
  );
}
