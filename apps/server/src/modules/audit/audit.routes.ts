// The console's audit list: GET /api/v1/admin/audit (operators only; 404 to everyone else).
import { auditPageSchema } from '@sahifa/contracts/admin';
import { cursorQuerySchema } from '@sahifa/contracts/library';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { operatorOnly } from '#server/auth/operators.ts';
import type { AuditService } from './audit.service.ts';

export async function auditRoutes(fastify: FastifyInstance, { audit }: { audit: AuditService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', operatorOnly);

  app.get(
    '/api/v1/admin/audit',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every operator action (who, what, when), newest first',
        querystring: cursorQuerySchema,
        response: { 200: auditPageSchema },
      },
    },
    async (request) => audit.page(request.query.cursor),
  );
}
