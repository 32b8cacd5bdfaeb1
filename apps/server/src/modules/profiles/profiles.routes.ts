// Public profiles: GET /users/:userNumber (the profile screen in one request), more of a member's
// thoughts, and PATCH /me/profile (multipart/form-data: a `data` field with the JSON of
// profileUpdateSchema and an optional `avatar` file).
import fastifyMultipart from '@fastify/multipart';
import {
  COMMUNITY_LIMITS,
  profilePageSchema,
  profileSchema,
  thoughtPageSchema,
} from '@sahifa/contracts/community';
import { cursorQuerySchema } from '@sahifa/contracts/library';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberOnly, requireMember } from '../../auth/require-member.ts';
import { AppError } from '../../http/errors.ts';
import { createThoughtsRepository } from '../thoughts/thoughts.repository.ts';
import { createThoughtsService } from '../thoughts/thoughts.service.ts';
import { createProfilesRepository } from './profiles.repository.ts';
import { createProfilesService, type ProfileForm } from './profiles.service.ts';

/** The `data` field, in bytes: room for every field at its limit, so oversized text gets a clear 400. */
const PROFILE_DATA_MAX_BYTES = 256 * 1024;

const MULTIPART_LIMITS = {
  fileSize: COMMUNITY_LIMITS.avatarBytes,
  files: 1,
  fields: 5,
  parts: 6,
  fieldSize: PROFILE_DATA_MAX_BYTES,
  fieldNameSize: 100,
  headerPairs: 50,
};

const badForm = (message: string) => new AppError(400, 'BAD_REQUEST', message);

// Mirrors modules/publishing's reading of multipart errors, for the `avatar` field.
function multipartError(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(
        413,
        'PAYLOAD_TOO_LARGE',
        `The image is too large: at most ${COMMUNITY_LIMITS.avatarBytes / 1024 / 1024} MB.`,
      );
    case 'FST_FILES_LIMIT':
      return badForm('Send at most one avatar image.');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return badForm('The form has too many fields: send `data` and, optionally, `avatar`.');
    case 'FST_PROTO_VIOLATION':
      return badForm('The form has a field name that is not allowed.');
    default:
      if (error instanceof AppError) return error;
      if (error instanceof Error && !(error as { statusCode?: number }).statusCode) {
        return badForm('The form data could not be read.');
      }
      return error;
  }
}

/** Reads the form: the `data` field and at most one `avatar` file (≤ 5 MB, held in memory). */
async function readProfileForm(request: FastifyRequest): Promise<ProfileForm> {
  if (!request.isMultipart()) {
    throw new AppError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the profile as multipart/form-data: a `data` field and an optional `avatar` file.',
    );
  }
  const form: ProfileForm = { data: undefined, avatar: null };
  let strayFile: string | null = null;
  try {
    for await (const part of request.parts({ limits: MULTIPART_LIMITS })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'avatar') form.avatar = bytes.length > 0 ? bytes : null;
        else strayFile = part.fieldname;
      } else if (part.fieldname === 'data') {
        if (part.valueTruncated) {
          throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'The profile is too large to save.');
        }
        form.data = String(part.value);
      }
    }
  } catch (error) {
    throw multipartError(error);
  }
  if (strayFile !== null)
    throw badForm(`Unexpected file field "${strayFile}": send the image as \`avatar\`.`);
  return form;
}

const userNumberParamsSchema = z.object({ userNumber: z.string().min(1).max(30) });

export async function profilesRoutes(fastify: FastifyInstance) {
  // Scoped to this plugin: multipart bodies are accepted only by the routes below.
  await fastify.register(fastifyMultipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = createProfilesService({
    repository: createProfilesRepository(app.db),
    thoughts: createThoughtsService(createThoughtsRepository(app.db)),
    storage: app.storage,
    log: app.log,
  });
  // Signed out → 401 before any of the body is read.
  app.addHook('onRequest', memberOnly);

  app.get(
    '/api/v1/users/:userNumber',
    {
      schema: {
        tags: ['profiles'],
        summary: "A member's public profile with their first thoughts and published summaries",
        params: userNumberParamsSchema,
        response: { 200: profilePageSchema },
      },
    },
    async (request) => service.page((await requireMember(request)).id, request.params.userNumber),
  );

  app.get(
    '/api/v1/users/:userNumber/thoughts',
    {
      schema: {
        tags: ['profiles'],
        summary: "More of a member's thoughts, newest first (cursor pagination)",
        params: userNumberParamsSchema,
        querystring: cursorQuerySchema,
        response: { 200: thoughtPageSchema },
      },
    },
    async (request) => {
      const member = await requireMember(request);
      const { cursor, limit } = request.query;
      return service.thoughtPage(member.id, request.params.userNumber, cursor, limit);
    },
  );

  app.patch(
    '/api/v1/me/profile',
    {
      schema: {
        tags: ['profiles'],
        summary: 'Edit your profile; a new avatar replaces (and deletes) the old one',
        consumes: ['multipart/form-data'],
        description:
          'multipart/form-data: `data` = JSON of profileUpdateSchema (only set fields change; bio, ' +
          "location and website may be ''); `avatar` = optional JPEG, PNG, WebP, AVIF or GIF file of " +
          'at most 5 MB (re-encoded to a 256 px square WebP).',
        response: { 200: profileSchema },
      },
    },
    async (request) => {
      const member = await requireMember(request);
      return service.update(member.id, await readProfileForm(request));
    },
  );
}
