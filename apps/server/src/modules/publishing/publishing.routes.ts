// Member summaries: POST /books, PUT /books/:bookId (multipart/form-data: a `data` field with the
// JSON of summaryInputSchema and an optional `cover` file), DELETE /books/:bookId, and
// GET /books/:bookId/editable.
import fastifyMultipart from '@fastify/multipart';
import { LIMITS } from '@sahifa/contracts/library';
import { editableSummarySchema, savedSummarySchema, summaryInputSchema } from '@sahifa/contracts/publishing';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberOnly, requireMember } from '#server/auth/require-member.ts';
import {
  type MultipartFormSpec,
  multipartLimits,
  parseFormData,
  readMultipartForm,
} from '#server/http/multipart-form.ts';
import { bookIdParamsSchema } from '#server/kernel/params.ts';
import type { PublishingService } from './publishing.service.ts';

/**
 * The `data` field, in bytes. Far above any real summary (the demo books are ~25 kB), far below
 * what the per-field limits would allow in theory (100 pages × 4 × 20,000 characters per language).
 */
export const SUMMARY_DATA_MAX_BYTES = 4 * 1024 * 1024;

const SUMMARY_FORM: MultipartFormSpec = {
  subject: 'summary',
  fileField: 'cover',
  maxFileBytes: LIMITS.uploadBytes,
  maxDataBytes: SUMMARY_DATA_MAX_BYTES,
};

/** The summary form of a request: its `data` checked against summaryInputSchema, and the cover's bytes. */
async function readSummaryForm(request: FastifyRequest) {
  const form = await readMultipartForm(request, SUMMARY_FORM);
  return { data: parseFormData(summaryInputSchema, form.data, { subject: 'summary' }), cover: form.file };
}

const multipartDoc = {
  consumes: ['multipart/form-data'],
  description:
    'multipart/form-data: `data` = JSON of summaryInputSchema (text is trimmed); `cover` = optional ' +
    'JPEG, PNG, WebP, AVIF or GIF file of at most 5 MB (re-encoded to WebP, at most 800 px wide).',
};

export async function publishingRoutes(
  fastify: FastifyInstance,
  { publishing }: { publishing: PublishingService },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Signed out → 401 before any of the body is read.
  app.addHook('onRequest', memberOnly);
  await app.register(summaryFormRoutes, { publishing });

  app.delete(
    '/api/v1/books/:bookId',
    {
      schema: {
        tags: ['publishing'],
        summary: 'Delete your own member summary and its cover image',
        params: bookIdParamsSchema,
        response: { 204: z.null().describe('Deleted') },
      },
    },
    async (request, reply) => {
      const member = await requireMember(request);
      await publishing.remove(member, request.params.bookId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/v1/books/:bookId/editable',
    {
      schema: {
        tags: ['publishing'],
        summary: 'Your own member summary, as the edit form needs it',
        params: bookIdParamsSchema,
        response: { 200: editableSummarySchema },
      },
    },
    async (request) => publishing.editable(await requireMember(request), request.params.bookId),
  );
}

async function summaryFormRoutes(
  fastify: FastifyInstance,
  { publishing }: { publishing: PublishingService },
) {
  // Scoped to this plugin: multipart bodies are accepted only by its routes, and its two hooks
  // (every request's 'close' listener, the temporary files' clean-up) do not run on the others.
  await fastify.register(fastifyMultipart, {
    limits: multipartLimits(SUMMARY_FORM),
    throwFileSizeLimit: true,
  });
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/v1/books',
    {
      schema: {
        tags: ['publishing'],
        summary: 'Publish a member summary (spec: darkerSummaries)',
        ...multipartDoc,
        response: { 201: savedSummarySchema },
      },
    },
    async (request, reply) => {
      const member = await requireMember(request);
      const { data, cover } = await readSummaryForm(request);
      const saved = await publishing.create(member, data, cover, request.headers['user-agent']);
      return reply.status(201).send(saved);
    },
  );

  app.put(
    '/api/v1/books/:bookId',
    {
      schema: {
        tags: ['publishing'],
        summary: 'Edit your own member summary; a new cover replaces (and deletes) the old one',
        ...multipartDoc,
        params: bookIdParamsSchema,
        response: { 200: savedSummarySchema },
      },
    },
    async (request) => {
      const member = await requireMember(request);
      await publishing.assertCanEdit(member, request.params.bookId);
      const { data, cover } = await readSummaryForm(request);
      return publishing.update(member, request.params.bookId, data, cover);
    },
  );
}
