// POST /api/v1/reports: a member reports a thought, reply, comment or member summary.
import { newReportBodySchema, reportCreatedSchema } from '@sahifa/contracts/moderation';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { memberOnly, requireMember } from '#server/auth/require-member.ts';
import type { ReportsService } from './reports.service.ts';

export async function reportsRoutes(fastify: FastifyInstance, { reports }: { reports: ReportsService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', memberOnly);

  app.post(
    '/api/v1/reports',
    {
      schema: {
        tags: ['moderation'],
        summary:
          "Report someone else's thought, reply, comment or member summary to the operators " +
          '(201; 200 with the same id when you reported it before)',
        body: newReportBodySchema,
        response: { 200: reportCreatedSchema, 201: reportCreatedSchema },
      },
    },
    async (request, reply) => {
      const member = await requireMember(request);
      const { id, created } = await reports.report(member, request.body);
      return reply.status(created ? 201 : 200).send({ id });
    },
  );
}
