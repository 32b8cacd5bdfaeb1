// Answers that are the same for every member and that the service remembers (LibraryService.shared)
// are sent as the bytes made the first time: serialised, hashed and compressed once per remembered
// answer instead of on every request (docs/performance.md). A new answer (the cache was cleared or
// ran out) is a new object, so it is made again: nothing here needs telling when the library changes.
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply } from 'fastify';

/** Smaller answers go as they are, as @fastify/compress's threshold (app.ts) leaves them. */
const COMPRESS_FROM_BYTES = 1024;
const ENCODINGS: Encoding[] = ['br', 'gzip'];
/**
 * Brotli's quality for a remembered answer: about the cost of the quality 4 that @fastify/compress
 * spends on every answer, some 5 % smaller; 9 and above cost 20-60 times more for little less.
 */
const BROTLI_QUALITY = 6;

type Encoding = 'br' | 'gzip';

interface Made {
  body: Buffer;
  etag: string;
  encoded: Partial<Record<Encoding, Buffer>>;
}

const made = new WeakMap<object, Made>();

function encode(body: Buffer, encoding: Encoding): Buffer {
  if (encoding === 'gzip') return gzipSync(body);
  return brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

/** Sends `answer` through the route's serialiser once, then its remembered bytes, with their ETag. */
export function sendShared(reply: FastifyReply, answer: object): FastifyReply {
  let bytes = made.get(answer);
  if (!bytes) {
    // The route's serialiser, as for any answer: a string of JSON.
    const body = Buffer.from(reply.serialize(answer) as string);
    bytes = { body, etag: `"${createHash('sha1').update(body).digest('base64')}"`, encoded: {} };
    made.set(answer, bytes);
  }
  reply.header('etag', bytes.etag).type('application/json; charset=utf-8');
  if (bytes.body.length < COMPRESS_FROM_BYTES) return reply.send(bytes.body);

  reply.header('vary', 'accept-encoding');
  const accepted = reply.request.headers['accept-encoding'];
  const encoding = accepted ? negotiate(accepted, ENCODINGS) : null;
  if (!encoding) return reply.send(bytes.body);
  bytes.encoded[encoding] ??= encode(bytes.body, encoding);
  // @fastify/compress leaves an answer that already has its encoding as it is.
  return reply.header('content-encoding', encoding).send(bytes.encoded[encoding]);
}
