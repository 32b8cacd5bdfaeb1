// GET /api/v1/config — the non-secret settings the browser needs before anyone signs in.
import { type PublicConfig, publicConfigSchema } from '@sahifa/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

export async function publicConfigRoutes(app: FastifyInstance, { googleSignIn }: { googleSignIn: boolean }) {
  const body: PublicConfig = { googleSignIn };
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/config',
    {
      schema: {
        tags: ['config'],
        summary: 'Public settings (e.g. whether Google sign-in is offered)',
        response: { 200: publicConfigSchema },
      },
    },
    async () => body,
  );
}
