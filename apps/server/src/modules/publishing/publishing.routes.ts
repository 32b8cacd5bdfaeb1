// Member summaries: POST /books, PUT /books/:bookId (multipart/form-data: a `data` field with the
// JSON of summaryInputSchema and an optional `cover` file), DELETE /books/:bookId, and
// GET /books/:bookId/editable.
import fastifyMultipart from '@fastify/multipart';
import { LIMITS } from '@sahifa/contracts/library';
import { editableSummarySchema, savedSummarySchema } from '@sahifa/contracts/publishing';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberOnly, requireMember } from '../../auth/require-member.ts';
import { AppError } from '../../http/errors.ts';
import { bookIdParamsSchema } from '../library/params.ts';
import { createPublishingRepository } from './publishing.repository.ts';
import { createPublishingService, type SummaryForm } from './publishing.service.ts';

/**
 * The `data` field, in bytes. Far above any real summary (the demo books are ~25 kB), far below
 * what the per-field limits would allow in theory (100 pages × 4 × 20,000 characters per language).
 */
export const SUMMARY_DATA_MAX_BYTES = 4 * 1024 * 1024;

const MULTIPART_LIMITS = {
  fileSize: LIMITS.uploadBytes,
  files: 1,
  fields: 5,
  parts: 6,
  fieldSize: SUMMARY_DATA_MAX_BYTES,
  fieldNameSize: 100,
  headerPairs: 50,
};

const tooLargeImage = () =>
  new AppError(
    413,
    'PAYLOAD_TOO_LARGE',
    `The image is too large: at most ${LIMITS.uploadBytes / 1024 / 1024} MB.`,
  );
const badForm = (message: string) => new AppError(400, 'BAD_REQUEST', message);

function multipartError(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLargeImage();
    case 'FST_FILES_LIMIT':
      return badForm('Send at most one cover image.');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return badForm('The form has too many fields: send `data` and, optionally, `cover`.');
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return badForm('The `data` form field is not valid JSON.');
    case 'FST_PROTO_VIOLATION':
      return badForm('The form has a field name that is not allowed.');
    default:
      if (error instanceof AppError) return error;
      // busboy: malformed multipart (truncated body, bad headers, …).
      if (error instanceof Error && !(error as { statusCode?: number }).statusCode) {
        return badForm('The form data could not be read.');
      }
      return error;
  }
}

/** Reads the form: the `data` field and at most one `cover` file (≤ 5 MB, held in memory). */
async function readSummaryForm(request: FastifyRequest): Promise<SummaryForm> {
  if (!request.isMultipart()) {
    throw new AppError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the summary as multipart/form-data: a `data` field and an optional `cover` file.',
    );
  }
  const form: SummaryForm = { data: undefined, cover: null };
  let strayFile: string | null = null;
  try {
    for await (const part of request.parts({ limits: MULTIPART_LIMITS })) {
      if (part.type === 'file') {
        // Read even a stray file (bounded by fileSize), so the request is consumed cleanly.
        const bytes = await part.toBuffer();
        if (part.fieldname === 'cover') form.cover = bytes.length > 0 ? bytes : null;
        else strayFile = part.fieldname;
      } else if (part.fieldname === 'data') {
        if (part.valueTruncated) {
          throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'The summary is too large to save.');
        }
        form.data = part.value;
      }
    }
  } catch (error) {
    throw multipartError(error);
  }
  if (strayFile !== null) throw badForm(`Unexpected file field "${strayFile}": send the image as \`cover\`.`);
  return form;
}

const userAgentOf = (request: FastifyRequest) => {
  const header = request.headers['user-agent'];
  return typeof header === 'string' && header.trim() !== '' ? header.trim() : undefined;
};

const multipartDoc = {
  consumes: ['multipart/form-data'],
  description:
    'multipart/form-data: `data` = JSON of summaryInputSchema (text is trimmed); `cover` = optional ' +
    'JPEG, PNG, WebP, AVIF or GIF file of at most 5 MB (re-encoded to WebP, at most 800 px wide).',
};

export async function publishingRoutes(fastify: FastifyInstance) {
  // Scoped to this plugin: multipart bodies are accepted only by the routes below.
  await fastify.register(fastifyMultipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = createPublishingService({
    repository: createPublishingRepository(app.db),
    storage: app.storage,
    log: app.log,
  });
  // Signed out → 401 before any of the body is read.
  app.addHook('onRequest', memberOnly);

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
      const form = await readSummaryForm(request);
      const saved = await service.create(member, form, userAgentOf(request));
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
      await service.assertCanEdit(member, request.params.bookId);
      const form = await readSummaryForm(request);
      return service.update(member, request.params.bookId, form);
    },
  );

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
      await service.remove(member, request.params.bookId);
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
    async (request) => service.editable(await requireMember(request), request.params.bookId),
  );
}
