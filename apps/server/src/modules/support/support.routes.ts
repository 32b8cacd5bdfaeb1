// Contact support: a member sends a message (a suspended member too) and lists their own.
import {
  newSupportMessageBodySchema,
  supportMessagePageSchema,
  supportMessageSchema,
} from '@sahifa/contracts/support';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberOnly, requireMember } from '#server/auth/require-member.ts';
import type { SupportService } from './support.service.ts';

export const supportCursorQuerySchema = z.object({ cursor: z.string().max(200).optional() });

export async function supportRoutes(fastify: FastifyInstance, { support }: { support: SupportService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', memberOnly);

  app.post(
    '/api/v1/support',
    {
      // A suspended member can still ask support why (auth/require-member.ts).
      config: { openToSuspended: true },
      schema: {
        tags: ['support'],
        summary: 'Write to support (at most 5 messages an hour); stored, then mailed to the operators',
        body: newSupportMessageBodySchema,
        response: { 201: supportMessageSchema },
      },
    },
    async (request, reply) => {
      const member = await requireMember(request);
      const sent = await support.send({ id: member.id, email: member.email }, request.body);
      return reply.status(201).send(sent);
    },
  );

  app.get(
    '/api/v1/support',
    {
      schema: {
        tags: ['support'],
        summary: 'Your messages to support, newest first, with their status (open or answered)',
        querystring: supportCursorQuerySchema,
        response: { 200: supportMessagePageSchema },
      },
    },
    async (request) => support.mine((await requireMember(request)).id, request.query.cursor),
  );
}
