// GET /api/v1/search?q= — books and members, for /app/search.
import { searchQuerySchema, searchResultsSchema } from '@sahifa/contracts/search';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { memberOnly } from '../../auth/require-member.ts';
import { findBookCardsByIds } from '../library/book-cards.ts';
import { createSearchRepository } from './search.repository.ts';
import { createSearchService } from './search.service.ts';

export async function searchRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = createSearchService(createSearchRepository(app.db), (ids) =>
    findBookCardsByIds(app.db, ids),
  );
  app.addHook('onRequest', memberOnly);

  app.get(
    '/api/v1/search',
    {
      schema: {
        tags: ['search'],
        summary:
          'Books (title, author, tags, aboutBook, page text; both languages) and members (name). ' +
          'Arabic is matched without diacritics; title and author matches rank first.',
        querystring: searchQuerySchema,
        response: { 200: searchResultsSchema },
      },
    },
    async (request) => service.search(request.query.q),
  );
}
