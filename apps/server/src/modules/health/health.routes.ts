// GET /api/health — for load balancers and the start script: 200 when the database answers.
import { apiErrorSchema, healthSchema } from '@sahifa/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '#server/http/errors.ts';

export async function healthRoutes(
  app: FastifyInstance,
  { isDatabaseUp }: { isDatabaseUp: () => Promise<boolean> },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        response: { 200: healthSchema, 503: apiErrorSchema },
      },
    },
    async (request, reply) => {
      if (await isDatabaseUp())
        return reply.header('cache-control', 'no-store').send({ status: 'ok', database: 'ok' });
      request.log.error('health check: database did not answer');
      return reply.status(503).send(errorBody('DATABASE_UNAVAILABLE', 'The database is not reachable.'));
    },
  );
}
