// The error handler on its own: a throwaway Fastify app with one zod-validated route.
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '#server/kernel/app-error.ts';
import { registerErrorHandlers } from './errors.ts';

async function appWithRoute() {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandlers(app, () => null);
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/v1/things',
    {
      schema: {
        body: z.object({ title: z.string().min(1).max(5) }),
        querystring: z.object({ n: z.coerce.number().int().optional() }),
      },
    },
    async (request) => {
      if (request.body.title === 'gone') throw new AppError(404, 'NOT_FOUND', 'Darker not found');
      if (request.body.title === 'boom') throw new Error('database password is hunter2');
      return { ok: true };
    },
  );
  await app.ready();
  return app;
}

describe('error handler', () => {
  it('turns validation failures into a readable 400', async () => {
    const app = await appWithRoute();
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/things',
      payload: { title: 'far too long' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
    expect(res.json().error.message).toMatch(/^body\.title: /);
    const query = await app.inject({ method: 'POST', url: '/api/v1/things?n=abc', payload: { title: 'ok' } });
    expect(query.statusCode).toBe(400);
    expect(query.json().error.message).toMatch(/^querystring\.n: /);
    await app.close();
  });

  it('passes AppError through and hides unexpected errors behind a generic 500', async () => {
    const app = await appWithRoute();
    const gone = await app.inject({ method: 'POST', url: '/api/v1/things', payload: { title: 'gone' } });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Darker not found' } });

    const boom = await app.inject({ method: 'POST', url: '/api/v1/things', payload: { title: 'boom' } });
    expect(boom.statusCode).toBe(500);
    expect(boom.json()).toEqual({
      error: { code: 'INTERNAL_ERROR', message: 'Something went wrong on our side. Please try again.' },
    });
    expect(boom.body).not.toContain('hunter2');
    await app.close();
  });

  it('rejects bodies it cannot read with 4xx JSON, never 500', async () => {
    const app = await appWithRoute();
    const xml = await app.inject({
      method: 'POST',
      url: '/api/v1/things',
      headers: { 'content-type': 'application/xml' },
      payload: '<title>x</title>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const text = await app.inject({
      method: 'POST',
      url: '/api/v1/things',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(400);
    const broken = await app.inject({
      method: 'POST',
      url: '/api/v1/things',
      headers: { 'content-type': 'application/json' },
      payload: '{"title":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({
      error: { code: 'BAD_REQUEST', message: 'The request body is not valid JSON.' },
    });
    await app.close();
  });
});
