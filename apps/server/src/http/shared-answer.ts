// Answers that are the same for every member and that the service remembers (LibraryService.shared)
// are sent as the bytes made the first time: serialised and hashed once per remembered answer
// instead of on every request (docs/performance.md). A new answer (the cache was cleared or ran out)
// is a new object, so it is serialised again: nothing here needs telling when the library changes.
import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';

const made = new WeakMap<object, { body: Buffer; etag: string }>();

/** Sends `answer` through the route's serialiser once, then its remembered bytes, with their ETag. */
export function sendShared(reply: FastifyReply, answer: object): FastifyReply {
  let bytes = made.get(answer);
  if (!bytes) {
    // The route's serialiser, as for any answer: a string of JSON.
    const body = Buffer.from(reply.serialize(answer) as string);
    bytes = { body, etag: `"${createHash('sha1').update(body).digest('base64')}"` };
    made.set(answer, bytes);
  }
  return reply.header('etag', bytes.etag).type('application/json; charset=utf-8').send(bytes.body);
}
