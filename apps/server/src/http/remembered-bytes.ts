// Bytes the server sends again and again, made once: the built pages (web-app.ts), and the answers
// a service hands back as the same object again and again — those it remembers for every member
// (LibraryService.shared, the first pages of thoughts) and a member's screens while nothing in
// them changed (kernel/same-answers.ts). Serialising, hashing and compressing them on every
// request cost most of such a request (docs/performance.md, 2026-11-26, late). An answer that
// changes is a new object, so it is made again: nothing here needs telling (decision 010).
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyEtag from '@fastify/etag';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Smaller bodies go as they are, here and through @fastify/compress (its threshold in app.ts). */
export const COMPRESS_FROM_BYTES = 1024;
/**
 * Brotli's quality for bytes made once: about the cost of the quality 4 that @fastify/compress
 * spends on every answer, some 5 % smaller; 9 and above cost 20-60 times more for little less.
 */
const BROTLI_QUALITY = 6;

type Encoding = 'br' | 'gzip';
const ENCODINGS: Encoding[] = ['br', 'gzip'];

export interface RememberedBytes {
  body: Buffer;
  /** Compressed forms, each made when a request first asks for it. */
  encoded: Partial<Record<Encoding, Buffer>>;
}

export const rememberBytes = (body: Buffer): RememberedBytes => ({ body, encoded: {} });

function encode(body: Buffer, encoding: Encoding): Buffer {
  if (encoding === 'gzip') return gzipSync(body);
  return brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

/** Sends `bytes` as `type`, compressed as the request accepts (brotli, else gzip, else as they are). */
export function sendRemembered(reply: FastifyReply, bytes: RememberedBytes, type: string): FastifyReply {
  reply.type(type);
  if (bytes.body.length < COMPRESS_FROM_BYTES) return reply.send(bytes.body);
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
  const accepted = reply.request.headers['accept-encoding'];
  const encoding = accepted ? negotiate(accepted, ENCODINGS) : null;
  if (!encoding) return reply.send(bytes.body);
  bytes.encoded[encoding] ??= encode(bytes.body, encoding);
  // @fastify/compress leaves an answer that already has its encoding as it is.
  return reply.header('content-encoding', encoding).send(bytes.encoded[encoding]);
}

const answers = new WeakMap<object, RememberedBytes & { etag: string }>();

/**
 * Sets up a plugin whose routes send answers made once (`sendAnswer`): @fastify/etag answers a
 * browser that has the current bytes with a bodiless 304, and every answer carries `cacheControl`
 * (`no-cache`: kept, but asked about again each time, so a change shows on the next visit).
 * Its routes say `compress: false`: their bytes come compressed from here, so @fastify/compress's
 * two hooks would only look and pass (~0.7 µs a request, docs/performance.md).
 */
export async function answersWithETags(
  fastify: FastifyInstance,
  cacheControl: 'no-cache' | 'private, no-cache',
): Promise<void> {
  await fastify.register(fastifyEtag);
  fastify.addHook('onRequest', (_request, reply, done) => {
    reply.header('cache-control', cacheControl);
    done();
  });
}

/**
 * Sends an answer through the route's serialiser once per answer object, then as those bytes,
 * with their ETag (the routes that send such answers register @fastify/etag for the 304s). An
 * answer made afresh for each request costs one serialising and one hash, as any answer would.
 */
export function sendAnswer(reply: FastifyReply, answer: object): FastifyReply {
  let made = answers.get(answer);
  if (!made) {
    // The route's serialiser, as for any answer: a string of JSON.
    const body = Buffer.from(reply.serialize(answer) as string);
    made = { ...rememberBytes(body), etag: `"${createHash('sha1').update(body).digest('base64')}"` };
    answers.set(answer, made);
  }
  return sendRemembered(reply.header('etag', made.etag), made, 'application/json; charset=utf-8');
}

/**
 * sendAnswer for a handler whose answer is usually made at once (from what is remembered): sent at
 * once, with no promise, and the handler then returns nothing (Fastify would send again what a
 * handler returns); an answer still on its way is sent when it comes, and the handler returns that.
 */
export function sendAnswerWhenMade(
  reply: FastifyReply,
  answer: object | Promise<object>,
): undefined | Promise<void> {
  // Waits for the reply to go out, as an async handler's `return reply` would.
  if (answer instanceof Promise) return answer.then(async (made) => await sendAnswer(reply, made));
  sendAnswer(reply, answer);
  return undefined;
}
