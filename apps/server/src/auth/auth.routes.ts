// Mounts better-auth at /api/auth/*: the Fastify request becomes a Fetch Request, and the Fetch
// Response is copied back — status, headers and every Set-Cookie (session and state cookies
// arrive as several headers, which Headers#get would fold into one unusable string).
//
// Only the endpoints the web app uses are reachable: better-auth has many more (update-user,
// delete-user, change-email, list-accounts…), each an input we would have to check, and a
// library upgrade may add others. Everything else under /api/auth is a 404.
//
// Errors from better-auth are passed through in its own shape, `{ code, message }`, which the
// web app's better-auth client understands; /api/v1 uses `{ error: { code, message } }`.
import type { FastifyInstance } from 'fastify';
import { type Auth, CLIENT_IP_HEADER } from './auth.ts';
import { toFetchHeaders } from './fetch-headers.ts';
import type { SessionCache } from './session-cache.ts';

/** `METHOD path` under /api/auth; `*` stands for one path segment. One that ends sessions is in SESSION_ENDING too. */
const EXPOSED_ENDPOINTS = [
  'GET /get-session',
  'POST /sign-up/email',
  'POST /sign-in/email',
  'POST /sign-in/social',
  'GET /callback/*',
  'POST /sign-out',
  'GET /verify-email',
  'POST /send-verification-email',
  'POST /request-password-reset',
  'GET /reset-password/*',
  'POST /reset-password',
  'POST /change-password',
  'GET /error',
].map((endpoint) => {
  const [method, path] = endpoint.split(' ') as [string, string];
  return { method, pattern: new RegExp(`^/api/auth${path.replaceAll('*', '[^/]+')}$`) };
});

/** The exposed endpoints that end sessions (a new password ends the member's other sessions). */
const SESSION_ENDING = new Set([
  '/api/auth/sign-out',
  '/api/auth/change-password',
  '/api/auth/reset-password',
]);

function isSessionEnding(method: string, url: string): boolean {
  return method === 'POST' && SESSION_ENDING.has(url.split('?')[0] ?? url);
}

export function isExposedAuthEndpoint(method: string, url: string): boolean {
  const path = url.split('?')[0] ?? url;
  return EXPOSED_ENDPOINTS.some((e) => e.method === method && e.pattern.test(path));
}

// Fastify sets these itself from the payload it sends.
const SKIPPED_RESPONSE_HEADERS = new Set(['set-cookie', 'content-length', 'transfer-encoding', 'connection']);

export async function authRoutes(
  app: FastifyInstance,
  { auth, sessions }: { auth: Auth; sessions: SessionCache },
) {
  // better-auth parses bodies itself (JSON and form posts): hand it the raw bytes unchanged.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    handler: async (request, reply) => {
      if (!isExposedAuthEndpoint(request.method, request.url)) return reply.callNotFound();
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
      // Remembered lookups are forgotten once a session has been ended, so the next request sees it.
      if (isSessionEnding(request.method, request.url)) sessions.clear();

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
