// MoejrAI: the empty screen's data, conversations, and answers streamed as the AI SDK's UI
// message stream (Server-Sent Events) over one response, same origin and session as the rest.
import {
  assistantHomeSchema,
  chatBodySchema,
  conversationPageSchema,
  conversationSchema,
  conversationSummarySchema,
  newConversationBodySchema,
} from '@sahifa/contracts/assistant';
import { createUIMessageStreamResponse } from 'ai';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberOnly, requireMember } from '#server/auth/require-member.ts';
import { idParam } from '#server/kernel/params.ts';
import type { AssistantService } from './assistant.service.ts';

const conversationParamsSchema = z.object({ conversationId: idParam });
const listQuerySchema = z.object({ cursor: z.string().max(200).optional() });

export async function assistantRoutes(
  fastify: FastifyInstance,
  { assistant }: { assistant: AssistantService },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', memberOnly);

  // Answers being streamed; a server shutting down ends them (kept as incomplete) rather than
  // waiting for a model that may take AI_TIMEOUT_SECONDS.
  const streaming = new Set<AbortController>();
  fastify.addHook('preClose', async () => {
    for (const controller of streaming) controller.abort();
  });

  app.get(
    '/api/v1/assistant',
    {
      schema: {
        tags: ['assistant'],
        summary:
          'Whether answers come from a model or the library, your daily quota, and suggested questions',
        response: { 200: assistantHomeSchema },
      },
    },
    async (request) => assistant.home((await requireMember(request)).id),
  );

  app.get(
    '/api/v1/assistant/conversations',
    {
      schema: {
        tags: ['assistant'],
        summary: 'Your conversations, most recently active first (cursor pagination)',
        querystring: listQuerySchema,
        response: { 200: conversationPageSchema },
      },
    },
    async (request) => assistant.listConversations((await requireMember(request)).id, request.query.cursor),
  );

  app.post(
    '/api/v1/assistant/conversations',
    {
      schema: {
        tags: ['assistant'],
        summary: 'Start a conversation, about the whole library or one book',
        body: newConversationBodySchema,
        response: { 201: conversationSummarySchema },
      },
    },
    async (request, reply) => {
      const member = await requireMember(request);
      return reply.status(201).send(await assistant.createConversation(member.id, request.body.bookId));
    },
  );

  app.get(
    '/api/v1/assistant/conversations/:conversationId',
    {
      schema: {
        tags: ['assistant'],
        summary: 'One of your conversations with its messages',
        params: conversationParamsSchema,
        response: { 200: conversationSchema },
      },
    },
    async (request) =>
      assistant.conversation((await requireMember(request)).id, request.params.conversationId),
  );

  app.delete(
    '/api/v1/assistant/conversations/:conversationId',
    {
      schema: {
        tags: ['assistant'],
        summary: 'Delete one of your conversations',
        params: conversationParamsSchema,
        response: { 204: z.null().describe('Deleted') },
      },
    },
    async (request, reply) => {
      await assistant.deleteConversation((await requireMember(request)).id, request.params.conversationId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/v1/assistant/conversations/:conversationId/messages',
    {
      // Compression would hold the stream's chunks back until its buffer fills.
      compress: false,
      schema: {
        tags: ['assistant'],
        summary:
          'Ask a question (or retry the last one) and receive the answer as a UI message stream (text/event-stream); at most 2,000 characters, a daily quota per member',
        params: conversationParamsSchema,
        body: chatBodySchema,
      },
    },
    async (request, reply) => {
      const member = await requireMember(request);
      // The member pressed Stop or left: the provider call ends, what arrived is kept.
      const stopped = new AbortController();
      streaming.add(stopped);
      reply.raw.on('close', () => {
        streaming.delete(stopped);
        if (!reply.raw.writableFinished) stopped.abort();
      });
      const stream = await assistant.answer(
        member.id,
        request.params.conversationId,
        request.body,
        stopped.signal,
      );
      return reply.send(createUIMessageStreamResponse({ stream }));
    },
  );
}
