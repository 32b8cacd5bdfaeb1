// Thoughts: the feed, posting and deleting, likes, a thought with its replies, replies.
import {
  addedReplySchema,
  likeStateSchema,
  newReplyBodySchema,
  newThoughtBodySchema,
  replyPageSchema,
  thoughtPageSchema,
  thoughtSchema,
  thoughtWithRepliesSchema,
} from '@sahifa/contracts/community';
import { cursorQuerySchema } from '@sahifa/contracts/library';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberOnly, requireMember } from '#server/auth/require-member.ts';
import { answersWithETags, sendAnswer } from '#server/http/remembered-bytes.ts';
import { idParam, userNumberParam } from '#server/kernel/params.ts';
import type { ThoughtsService } from './thoughts.service.ts';

export const thoughtIdParamsSchema = z.object({ thoughtId: idParam });
const replyIdParamsSchema = z.object({ replyId: idParam });
const thoughtPageParamsSchema = z.object({ userNumber: userNumberParam, thoughtId: idParam });
const replyCursorQuerySchema = z.object({ cursor: z.string().max(200).optional() });

export async function thoughtsRoutes(fastify: FastifyInstance, { thoughts }: { thoughts: ThoughtsService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', memberOnly);
  await app.register(feedRoute, { thoughts });

  app.post(
    '/api/v1/thoughts',
    {
      schema: {
        tags: ['thoughts'],
        summary: 'Post a thought (at most 2,000 characters, not blank)',
        body: newThoughtBodySchema,
        response: { 201: thoughtSchema },
      },
    },
    async (request, reply) => {
      const member = await requireMember(request);
      const thought = await thoughts.post(member, request.body.content, request.headers['user-agent']);
      return reply.status(201).send(thought);
    },
  );

  app.delete(
    '/api/v1/thoughts/:thoughtId',
    {
      schema: {
        tags: ['thoughts'],
        summary: 'Delete your own thought with its replies and likes',
        params: thoughtIdParamsSchema,
        response: { 204: z.null().describe('Deleted') },
      },
    },
    async (request, reply) => {
      const member = await requireMember(request);
      await thoughts.remove(member.id, request.params.thoughtId);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/v1/thoughts/:thoughtId/like',
    {
      schema: {
        tags: ['thoughts'],
        summary: 'Like a thought (idempotent); answers the new like state',
        params: thoughtIdParamsSchema,
        response: { 200: likeStateSchema },
      },
    },
    async (request) => thoughts.like((await requireMember(request)).id, request.params.thoughtId),
  );

  app.delete(
    '/api/v1/thoughts/:thoughtId/like',
    {
      schema: {
        tags: ['thoughts'],
        summary: 'Unlike a thought (idempotent); answers the new like state',
        params: thoughtIdParamsSchema,
        response: { 200: likeStateSchema },
      },
    },
    async (request) => thoughts.unlike((await requireMember(request)).id, request.params.thoughtId),
  );

  app.get(
    '/api/v1/users/:userNumber/thoughts/:thoughtId',
    {
      schema: {
        tags: ['thoughts'],
        summary: "A member's thought with its first replies (newest first)",
        params: thoughtPageParamsSchema,
        querystring: replyCursorQuerySchema,
        response: { 200: thoughtWithRepliesSchema },
      },
    },
    async (request) => {
      const member = await requireMember(request);
      const { userNumber, thoughtId } = request.params;
      return thoughts.withReplies(member.id, userNumber, thoughtId, request.query.cursor);
    },
  );

  app.get(
    '/api/v1/thoughts/:thoughtId/replies',
    {
      schema: {
        tags: ['thoughts'],
        summary: "More of a thought's replies, newest first (cursor pagination)",
        params: thoughtIdParamsSchema,
        querystring: cursorQuerySchema,
        response: { 200: replyPageSchema },
      },
    },
    async (request) => {
      const member = await requireMember(request);
      const { cursor, limit } = request.query;
      return thoughts.replies(member.id, request.params.thoughtId, cursor, limit);
    },
  );

  app.post(
    '/api/v1/thoughts/:thoughtId/replies',
    {
      schema: {
        tags: ['thoughts'],
        summary: 'Reply to a thought (at most 1,000 characters, not blank); answers the new reply count',
        params: thoughtIdParamsSchema,
        body: newReplyBodySchema,
        response: { 201: addedReplySchema },
      },
    },
    async (request, reply) => {
      const member = await requireMember(request);
      const added = await thoughts.reply(
        member,
        request.params.thoughtId,
        request.body.reply,
        request.headers['user-agent'],
      );
      return reply.status(201).send(added);
    },
  );

  app.delete(
    '/api/v1/replies/:replyId',
    {
      schema: {
        tags: ['thoughts'],
        summary: "Delete your own reply; answers the thought's new reply count",
        params: replyIdParamsSchema,
        response: { 200: z.object({ replyCount: z.number().int() }) },
      },
    },
    async (request) => thoughts.removeReply((await requireMember(request)).id, request.params.replyId),
  );
}

/**
 * The feed's first page as a viewer sees it is remembered (thoughts.service.ts): sent as that
 * answer's bytes, made once, with an ETag, so a browser that has the current page gets a 304.
 */
async function feedRoute(fastify: FastifyInstance, { thoughts }: { thoughts: ThoughtsService }) {
  await answersWithETags(fastify, 'private, no-cache');
  fastify.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/thoughts',
    {
      compress: false,
      schema: {
        tags: ['thoughts'],
        summary: "Everyone's thoughts, newest first (cursor pagination), with authors and your likes",
        querystring: cursorQuerySchema,
        response: { 200: thoughtPageSchema },
      },
    },
    async (request, reply) => {
      const member = await requireMember(request);
      return sendAnswer(reply, await thoughts.thoughtPage(member.id, request.query));
    },
  );
}
