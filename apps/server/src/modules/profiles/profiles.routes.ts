// Public profiles: GET /users/:userNumber (the profile screen in one request), more of a member's
// thoughts and of the summaries they published, and PATCH /me/profile (multipart/form-data: a `data` field with the JSON of
// profileUpdateSchema and an optional `avatar` file).
import fastifyMultipart from '@fastify/multipart';
import {
  COMMUNITY_LIMITS,
  profilePageSchema,
  profileSchema,
  profileUpdateSchema,
  summaryPageSchema,
  thoughtPageSchema,
} from '@sahifa/contracts/community';
import { cursorQuerySchema } from '@sahifa/contracts/library';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { memberOnly, requireMember } from '#server/auth/require-member.ts';
import {
  type MultipartFormSpec,
  multipartLimits,
  parseFormData,
  readMultipartForm,
} from '#server/http/multipart-form.ts';
import { answersWithETags, sendAnswer } from '#server/http/remembered-bytes.ts';
import { userNumberParamsSchema } from '#server/kernel/params.ts';
import type { ProfilesService } from './profiles.service.ts';

/** The `data` field, in bytes: room for every field at its limit, so oversized text gets a clear 400. */
const PROFILE_DATA_MAX_BYTES = 256 * 1024;

const PROFILE_FORM: MultipartFormSpec = {
  subject: 'profile',
  fileField: 'avatar',
  maxFileBytes: COMMUNITY_LIMITS.avatarBytes,
  maxDataBytes: PROFILE_DATA_MAX_BYTES,
};

export async function profilesRoutes(fastify: FastifyInstance, { profiles }: { profiles: ProfilesService }) {
  // Signed out → 401 before any of the body is read.
  fastify.addHook('onRequest', memberOnly);
  await fastify.register(profileReadRoutes, { profiles });
  await fastify.register(profileFormRoutes, { profiles });
}

async function profileFormRoutes(fastify: FastifyInstance, { profiles }: { profiles: ProfilesService }) {
  // Scoped to this plugin: multipart bodies are accepted only by its route, and its two hooks
  // (every request's 'close' listener, the temporary files' clean-up) do not run on the reads.
  await fastify.register(fastifyMultipart, {
    limits: multipartLimits(PROFILE_FORM),
    throwFileSizeLimit: true,
  });
  fastify.withTypeProvider<ZodTypeProvider>().patch(
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
      const form = await readMultipartForm(request, PROFILE_FORM);
      // No `data` field: no field changes (an avatar alone may be sent).
      const update = parseFormData(profileUpdateSchema, form.data, { subject: 'profile', fallback: {} });
      return profiles.update(member.id, update, form.file);
    },
  );
}

/**
 * A profile and its first thoughts are answers the service hands back as the same object while
 * nothing in them changed (kernel/same-answers.ts): sent as bytes made once, with an ETag.
 */
async function profileReadRoutes(fastify: FastifyInstance, { profiles }: { profiles: ProfilesService }) {
  await answersWithETags(fastify, 'private, no-cache');
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/v1/users/:userNumber',
    {
      compress: false,
      schema: {
        tags: ['profiles'],
        summary: "A member's public profile with the first pages of their thoughts and published summaries",
        params: userNumberParamsSchema,
        response: { 200: profilePageSchema },
      },
    },
    async (request, reply) =>
      sendAnswer(reply, await profiles.page((await requireMember(request)).id, request.params.userNumber)),
  );

  app.get(
    '/api/v1/users/:userNumber/thoughts',
    {
      compress: false,
      schema: {
        tags: ['profiles'],
        summary: "More of a member's thoughts, newest first (cursor pagination)",
        params: userNumberParamsSchema,
        querystring: cursorQuerySchema,
        response: { 200: thoughtPageSchema },
      },
    },
    async (request, reply) => {
      const member = await requireMember(request);
      const { cursor, limit } = request.query;
      return sendAnswer(
        reply,
        await profiles.thoughtPage(member.id, request.params.userNumber, cursor, limit),
      );
    },
  );

  app.get(
    '/api/v1/users/:userNumber/summaries',
    {
      compress: false,
      schema: {
        tags: ['profiles'],
        summary: 'More of the summaries a member published, newest first (cursor pagination)',
        params: userNumberParamsSchema,
        querystring: cursorQuerySchema,
        response: { 200: summaryPageSchema },
      },
    },
    async (request, reply) => {
      const member = await requireMember(request);
      const { cursor, limit } = request.query;
      return sendAnswer(
        reply,
        await profiles.summaryPage(member.id, request.params.userNumber, cursor, limit),
      );
    },
  );
}
