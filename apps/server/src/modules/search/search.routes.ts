// GET /api/v1/search?q= — books and members, for /app/search. The same answer for every member,
// remembered and sent as the same bytes with an ETag (a browser that has it gets a bodiless 304).
import { searchQuerySchema, searchResultsSchema } from '@sahifa/contracts/search';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { memberOnly } from '#server/auth/require-member.ts';
import { answersWithETags, sendAnswer } from '#server/http/remembered-bytes.ts';
import type { SearchService } from './search.service.ts';

export async function searchRoutes(fastify: FastifyInstance, { search }: { search: SearchService }) {
  await answersWithETags(fastify, 'private, no-cache');
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', memberOnly);

  app.get(
    '/api/v1/search',
    {
      compress: false,
      schema: {
        tags: ['search'],
        summary:
          'Books (title, author, tags, aboutBook, page text; both languages) and members (name). ' +
          'Arabic is matched without diacritics; title and author matches rank first.',
        querystring: searchQuerySchema,
        response: { 200: searchResultsSchema },
      },
    },
    async (request, reply) => sendAnswer(reply, await search.search(request.query.q)),
  );
}
