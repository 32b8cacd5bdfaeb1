import { libraryOverviewSchema } from '@sahifa/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createLibraryRepository } from './library.repository.ts';
import { createLibraryService } from './library.service.ts';

export async function libraryRoutes(app: FastifyInstance) {
  const service = createLibraryService(createLibraryRepository(app.db));

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/library/overview',
    {
      schema: {
        tags: ['library'],
        summary: 'Categories with book counts and featured books (landing page and /app/home)',
        response: { 200: libraryOverviewSchema },
      },
    },
    async () => service.overview(),
  );
}
