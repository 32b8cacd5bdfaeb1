// GET /api/v1/library/overview: the landing page and /app/home in one request (no sign-in needed).
// Public, so it carries an ETag: a browser that has the current answer gets a bodiless 304.
import { libraryOverviewSchema } from '@sahifa/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answersWithETags, sendAnswer } from '#server/http/remembered-bytes.ts';
import type { LibraryService } from './library.service.ts';

export async function libraryRoutes(app: FastifyInstance, { library }: { library: LibraryService }) {
  await answersWithETags(app, 'no-cache');
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/library/overview',
    {
      compress: false,
      schema: {
        tags: ['library'],
        summary: 'Categories with book counts and featured books (landing page and /app/home)',
        response: { 200: libraryOverviewSchema },
      },
    },
    async (_request, reply) => sendAnswer(reply, await library.overview()),
  );
}
