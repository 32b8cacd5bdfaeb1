// The console's report queue (operators only; 404 to everyone else): open or closed reports with
// the reported item as it is now, and the decision on one: hide, delete or dismiss.
import {
  queuedReportSchema,
  reportDecisionBodySchema,
  reportQueuePageSchema,
  reportQueueQuerySchema,
} from '@sahifa/contracts/admin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorOnly, requireOperator } from '#server/auth/operators.ts';
import { idParam } from '#server/kernel/params.ts';
import type { ReportsService } from './reports.service.ts';

const reportIdParamsSchema = z.object({ reportId: idParam });

export async function queueRoutes(fastify: FastifyInstance, { reports }: { reports: ReportsService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', operatorOnly);

  app.get(
    '/api/v1/admin/reports',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Reports: open ones oldest first (longest waiting on top), closed ones most recently decided first',
        querystring: reportQueueQuerySchema,
        response: { 200: reportQueuePageSchema },
      },
    },
    async (request) => {
      await requireOperator(request);
      return reports.queue(request.query.status, request.query.cursor);
    },
  );

  app.post(
    '/api/v1/admin/reports/:reportId/decision',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Hide or delete the reported item, or dismiss the report; closes every open report on the ' +
          'item (409 when already decided)',
        params: reportIdParamsSchema,
        body: reportDecisionBodySchema,
        response: { 200: queuedReportSchema },
      },
    },
    async (request) => {
      const operator = await requireOperator(request);
      return reports.decide(
        { id: operator.id, email: operator.email },
        request.params.reportId,
        request.body.action,
      );
    },
  );
}
