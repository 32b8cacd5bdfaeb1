// GET /api/v1/me/account: what the app shell needs to know of the signed-in member (the console
// link, the Plus state, the suspended notice), read with the session that is looked up anyway.
import { accountSchema } from '@sahifa/contracts/admin';
import type { Plan } from '@sahifa/contracts/billing';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isOperator } from '#server/auth/operators.ts';
import { memberOnly, requireMember } from '#server/auth/require-member.ts';

export interface AccountRoutesOptions {
  planOf: (userId: string) => Promise<Plan>;
}

export async function accountRoutes(fastify: FastifyInstance, { planOf }: AccountRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', memberOnly);

  app.get(
    '/api/v1/me/account',
    {
      schema: {
        tags: ['account'],
        summary: 'Whether you are an operator, your plan, and whether your account is suspended',
        response: { 200: accountSchema },
      },
    },
    async (request) => {
      const member = await requireMember(request);
      return {
        operator: isOperator(app.config.adminEmails, member),
        plan: await planOf(member.id),
        suspended: Boolean(member.suspendedAt),
      };
    },
  );
}
