// The console's members (operators only; 404 to everyone else): search, and suspend or restore.
import {
  adminMemberPageSchema,
  adminMemberSchema,
  memberSearchQuerySchema,
  suspensionBodySchema,
} from '@sahifa/contracts/admin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { operatorOnly, requireOperator } from '#server/auth/operators.ts';
import { userNumberParamsSchema } from '#server/kernel/params.ts';
import type { MembersService } from './members.service.ts';

export async function membersRoutes(fastify: FastifyInstance, { members }: { members: MembersService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', operatorOnly);

  app.get(
    '/api/v1/admin/members',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Members, newest first: q finds a name or email (any part, any case) or a member number, ' +
          'with their plan, counts and suspension',
        querystring: memberSearchQuerySchema,
        response: { 200: adminMemberPageSchema },
      },
    },
    async (request) => {
      await requireOperator(request);
      return members.search(request.query.q, request.query.cursor);
    },
  );

  app.put(
    '/api/v1/admin/members/:userNumber/suspension',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Suspend a member (they read but cannot write; every session of theirs ends) or restore ' +
          'them; 400 for yourself or another operator',
        params: userNumberParamsSchema,
        body: suspensionBodySchema,
        response: { 200: adminMemberSchema },
      },
    },
    async (request) => {
      const operator = await requireOperator(request);
      return members.setSuspension(
        { id: operator.id, email: operator.email },
        request.params.userNumber,
        request.body.suspended,
      );
    },
  );
}
