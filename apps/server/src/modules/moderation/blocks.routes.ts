// Blocks: PUT/DELETE /api/v1/blocks/:userNumber (204, idempotent) and GET /api/v1/blocks.
import { blockListSchema } from '@sahifa/contracts/moderation';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberOnly, requireMember } from '#server/auth/require-member.ts';
import { userNumberParamsSchema } from '#server/kernel/params.ts';
import type { BlocksService } from './blocks.service.ts';

export async function blocksRoutes(fastify: FastifyInstance, { blocks }: { blocks: BlocksService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', memberOnly);

  app.get(
    '/api/v1/blocks',
    {
      schema: {
        tags: ['moderation'],
        summary: 'The members you blocked, most recent first',
        response: { 200: blockListSchema },
      },
    },
    async (request) => blocks.list((await requireMember(request)).id),
  );

  app.put(
    '/api/v1/blocks/:userNumber',
    {
      schema: {
        tags: ['moderation'],
        summary: 'Block a member: their thoughts and replies leave what you see (idempotent)',
        params: userNumberParamsSchema,
        response: { 204: z.null().describe('Blocked') },
      },
    },
    async (request, reply) => {
      await blocks.block((await requireMember(request)).id, request.params.userNumber);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/v1/blocks/:userNumber',
    {
      schema: {
        tags: ['moderation'],
        summary: 'Unblock a member (idempotent)',
        params: userNumberParamsSchema,
        response: { 204: z.null().describe('Unblocked') },
      },
    },
    async (request, reply) => {
      await blocks.unblock((await requireMember(request)).id, request.params.userNumber);
      return reply.status(204).send(null);
    },
  );
}
