// Every error leaves the API as `{ error: { code, message } }` with a fitting status; the
// message is safe to show. Bad input is a 4xx, never a 500, and no stack trace is ever sent.
import type { ApiError } from '@sahifa/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '#server/kernel/app-error.ts';

export function errorBody(code: string, message: string): ApiError {
  return { error: { code, message } };
}

// Fastify's own client errors, reworded for people.
const FASTIFY_MESSAGES: Record<string, [string, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: ['PAYLOAD_TOO_LARGE', 'The request body is too large.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['UNSUPPORTED_MEDIA_TYPE', 'This content type is not accepted here.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['BAD_REQUEST', 'The request body does not match its Content-Length.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['BAD_REQUEST', 'The request body is empty but JSON was announced.'],
  FST_ERR_CTP_INVALID_JSON_BODY: ['BAD_REQUEST', 'The request body is not valid JSON.'],
};

const STATUS_CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

function validationMessage(error: FastifyError): string {
  const where = error.validationContext ?? 'request';
  const parts = (error.validation ?? []).slice(0, 3).map((issue) => {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    return field ? `${where}.${field}: ${issue.message}` : `${where}: ${issue.message}`;
  });
  return parts.join('; ') || 'The request is not valid.';
}

function handleError(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
    return reply.status(error.statusCode).send(errorBody(error.code, error.message));
  }
  if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
    return reply.status(400).send(errorBody('VALIDATION_ERROR', validationMessage(error)));
  }
  // The stored images' route (http/uploads.ts) refuses a path it cannot match to one file: `..` or
  // `//` in it, or a part longer than a file name may be. No file is there, so it is an unknown
  // address like any other. Here, not in @fastify/static's options: its route for every path
  // always checks a path's spelling and has no option to answer such a path with the not-found handler.
  if (error.code === 'FST_STATIC_FORBIDDEN_PATH') return reply.callNotFound();
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(status === 503 ? 503 : 500)
      .send(errorBody('INTERNAL_ERROR', 'Something went wrong on our side. Please try again.'));
  }
  const known = error.code ? FASTIFY_MESSAGES[error.code] : undefined;
  if (known) return reply.status(status).send(errorBody(known[0], known[1]));
  if (status === 429) {
    const message = error.message || 'Too many requests. Please wait a moment and try again.';
    return reply.status(429).send(errorBody('RATE_LIMITED', message));
  }
  // Other 4xx from Fastify or plugins carry messages written for developers; keep them short.
  return reply
    .status(status)
    .send(errorBody(STATUS_CODES[status] ?? 'BAD_REQUEST', error.message || 'Bad request.'));
}

/**
 * Fastify's `frameworkErrors` option: errors raised before routing (an address that does not
 * decode, e.g. `/api/v1/books/%ff`) skip the error handler; they get the same shape here.
 */
export function handleFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const badUrl = error.code === 'FST_ERR_BAD_URL';
  return reply
    .status(400)
    .send(
      errorBody(badUrl ? 'BAD_URL' : 'BAD_REQUEST', badUrl ? 'The address is not valid.' : 'Bad request.'),
    );
}

export type NotFoundFallback = (request: FastifyRequest, reply: FastifyReply) => boolean;

/**
 * Installs the error and not-found handlers. `fallback` (the web app) gets unknown non-API
 * paths first and returns true when it answered.
 */
export function registerErrorHandlers(app: FastifyInstance, fallback: () => NotFoundFallback | null) {
  app.setErrorHandler(handleError);
  app.setNotFoundHandler((request, reply) => {
    const answered = fallback()?.(request, reply) ?? false;
    if (answered) return reply;
    const path = request.url.split('?')[0] ?? request.url;
    const message = path.startsWith('/api/')
      ? `No API route ${request.method} ${path}.`
      : 'This page does not exist.';
    return reply.status(404).send(errorBody('NOT_FOUND', message));
  });
}
