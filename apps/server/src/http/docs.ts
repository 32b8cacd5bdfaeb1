// OpenAPI document (/api/docs/json) generated from the routes' zod schemas, and the
// swagger-ui page at /api/docs.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { DOCS_CSP } from './security.ts';

export async function registerDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Sahifa API',
        description:
          'Book summaries in English and Arabic. Errors are `{ error: { code, message } }`. ' +
          'Authentication lives under /api/auth (better-auth; its errors are `{ code, message }`).',
        version: '1.0.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // Replaces the app-wide CSP on the docs routes only (swagger-ui uses inline styles).
    staticCSP: DOCS_CSP,
  });
}
