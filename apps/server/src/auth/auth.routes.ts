// Mounts better-auth at /api/auth/*: the Fastify request becomes a Fetch Request, and the Fetch
// Response is copied back — status, headers and every Set-Cookie (session and state cookies
// arrive as several headers, which Headers#get would fold into one unusable string).
//
// Errors from better-auth are passed through in its own shape, `{ code, message }`, which the
// web app's better-auth client understands; /api/v1 uses `{ error: { code, message } }`.
import type { FastifyInstance } from 'fastify';
import { type Auth, CLIENT_IP_HEADER } from './auth.ts';
import { toFetchHeaders } from './fetch-headers.ts';

// Fastify sets these itself from the payload it sends.
const SKIPPED_RESPONSE_HEADERS = new Set(['set-cookie', 'content-length', 'transfer-encoding', 'connection']);

export async function authRoutes(app: FastifyInstance, { auth }: { auth: Auth }) {
  // better-auth parses bodies itself (JSON and form posts): hand it the raw bytes unchanged.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    handler: async (request, reply) => {
      const headers = toFetchHeaders(request.headers);
      // The client IP for better-auth's rate limits: what Fastify derived (trustProxy aware),
      // never a header the client chose.
      headers.set(CLIENT_IP_HEADER, request.ip);
      const body =
        Buffer.isBuffer(request.body) && request.body.length > 0 ? Uint8Array.from(request.body) : undefined;
      const fetchRequest = new Request(new URL(request.url, app.config.publicUrl), {
        method: request.method,
        headers,
        body,
      });

      const response = await auth.handler(fetchRequest);

      reply.status(response.status);
      response.headers.forEach((value, name) => {
        if (!SKIPPED_RESPONSE_HEADERS.has(name)) reply.header(name, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      const payload = Buffer.from(await response.arrayBuffer());
      return reply.send(payload.length > 0 ? payload : undefined);
    },
  });
}
