// The console's support inbox (operators only; 404 to everyone else): list, read, answer by mail,
// mark open or answered.
import {
  inboxMessageSchema,
  inboxPageSchema,
  inboxQuerySchema,
  supportReplyBodySchema,
  supportStatusBodySchema,
} from '@sahifa/contracts/support';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorOnly, requireOperator } from '#server/auth/operators.ts';
import { idParam } from '#server/kernel/params.ts';
import type { SupportService } from './support.service.ts';

const messageIdParamsSchema = z.object({ messageId: idParam });

export async function supportAdminRoutes(fastify: FastifyInstance, { support }: { support: SupportService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', operatorOnly);

  app.get(
    '/api/v1/admin/support',
    {
      schema: {
        tags: ['admin'],
        summary: 'Support messages (open, answered or all), newest first, with their replies',
        querystring: inboxQuerySchema,
        response: { 200: inboxPageSchema },
      },
    },
    async (request) => {
      await requireOperator(request);
      return support.inbox(request.query.status, request.query.cursor);
    },
  );

  app.get(
    '/api/v1/admin/support/:messageId',
    {
      schema: {
        tags: ['admin'],
        summary: 'A support message with the device it was sent from and its replies',
        params: messageIdParamsSchema,
        response: { 200: inboxMessageSchema },
      },
    },
    async (request) => {
      await requireOperator(request);
      return support.inboxMessage(request.params.messageId);
    },
  );

  app.post(
    '/api/v1/admin/support/:messageId/replies',
    {
      schema: {
        tags: ['admin'],
        summary: "Answer a support message: mailed to the member's reply-to address, marked answered",
        params: messageIdParamsSchema,
        body: supportReplyBodySchema,
        response: { 201: inboxMessageSchema },
      },
    },
    async (request, reply) => {
      const operator = await requireOperator(request);
      const answered = await support.reply(operator, request.params.messageId, request.body.body);
      return reply.status(201).send(answered);
    },
  );

  app.put(
    '/api/v1/admin/support/:messageId/status',
    {
      schema: {
        tags: ['admin'],
        summary: 'Mark a support message open or answered',
        params: messageIdParamsSchema,
        body: supportStatusBodySchema,
        response: { 200: inboxMessageSchema },
      },
    },
    async (request) => {
      const operator = await requireOperator(request);
      return support.setStatus(operator, request.params.messageId, request.body.status);
    },
  );
}
