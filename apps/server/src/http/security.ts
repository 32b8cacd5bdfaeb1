// Response security headers (helmet's and a strict CSP for pages, fewer for the API's JSON), the
// same-origin rule for state-changing API requests (Origin must be PUBLIC_URL's; no Origin is
// refused too), and a write rate limit on /api/v1.

import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import type { Config } from '#server/config.ts';
import { isApiV1Write, takesWrites } from '#server/kernel/write-methods.ts';
import { errorBody } from './errors.ts';

export interface WriteRateLimit {
  /** Writes per client IP per window. */
  max: number;
  /** Milliseconds. */
  timeWindow: number;
}

export const DEFAULT_WRITE_RATE_LIMIT: WriteRateLimit = { max: 120, timeWindow: 60_000 };

/** better-auth's POSTs (sign-in, sign-up…) change state too; its GET callbacks come from Google. */
function needsSameOrigin(request: FastifyRequest): boolean {
  return isApiV1Write(request) || (request.method === 'POST' && request.url.startsWith('/api/auth/'));
}

/** `scriptHashes`: the web app's inline scripts ('sha256-…'), the only inline code allowed to run. */
export function contentSecurityPolicy(config: Config, scriptHashes: string[] = []): Record<string, string[]> {
  const analyticsOrigin = config.analyticsScriptUrl ? [new URL(config.analyticsScriptUrl).origin] : [];
  // Covers and avatars come from the bucket's public URL when images are stored in S3.
  const imageOrigin = config.s3 ? [new URL(config.s3.publicUrl).origin] : [];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes, ...analyticsOrigin],
    // No 'unsafe-inline': the built app ships its CSS as files and React sets styles via the DOM.
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:', ...imageOrigin],
    'font-src': ["'self'"],
    // Analytics scripts report back to their own origin.
    'connect-src': ["'self'", ...analyticsOrigin],
    'manifest-src': ["'self'"],
    'worker-src': ["'self'"],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'", ...(config.google ? ['https://accounts.google.com'] : [])],
    ...(config.publicUrl.startsWith('https://') ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** The docs page (swagger-ui) needs inline styles; it gets its own policy on /api/docs only. */
export const DOCS_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; " +
  "frame-ancestors 'none'";

/** The headers a helmet middleware sets (it sets the same ones on every response). */
function helmetHeaders(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failed: unknown = null;
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failed = error ?? null;
  });
  if (failed) throw failed;
  return headers;
}

/** JSON answers of the API, not the docs' page (which gets DOCS_CSP). */
function isApiAnswer(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}

/** Of the pages' headers, those that also mean something on a JSON answer. */
const KEPT_FOR_THE_API = [
  'cross-origin-resource-policy',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
];

/**
 * The API's answers (OWASP's REST Security cheat sheet): a policy that lets a JSON answer opened
 * as a document load nothing and be framed nowhere, and none of the headers that only govern
 * documents — ~470 bytes less on every answer (health: 38-46k -> 54k req/s, docs/performance.md).
 */
function apiHeadersFrom(pageHeaders: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-frame-options': 'DENY',
  };
  for (const name of KEPT_FOR_THE_API) if (pageHeaders[name] !== undefined) headers[name] = pageHeaders[name];
  return headers;
}

export async function registerSecurity(
  app: FastifyInstance,
  config: Config,
  writeLimit: WriteRateLimit,
  scriptHashes: string[],
) {
  const https = config.publicUrl.startsWith('https://');
  // helmet's headers never depend on the request: worked out once, then copied onto each answer
  // (running its nine middlewares on every request was ~4 % of a light request's CPU).
  const pageHeaders = helmetHeaders(
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config, scriptHashes) },
      // Popups stay usable (e.g. a future Google popup); other windows still cannot script us.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      // HSTS only means something over HTTPS; on http://localhost it would only confuse.
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    }),
  );
  const apiHeaders = apiHeadersFrom(pageHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiAnswer(request.url) ? apiHeaders : pageHeaders);
    done();
  });

  // Only PUBLIC_URL: the Host header is the client's to choose, so it proves nothing.
  const publicOrigin = new URL(config.publicUrl).origin;
  app.addHook('onRequest', (request, reply, done) => {
    if (needsSameOrigin(request) && request.headers.origin !== publicOrigin) {
      reply
        .status(403)
        .send(errorBody('FORBIDDEN_ORIGIN', 'This request must come from the Sahifa web app (same origin).'));
      return;
    }
    done();
  });

  // Only /api/v1 writes count; reads, static files and /api/auth (limited by better-auth) pass.
  // Routes that take no write get no rate-limit hook at all (it cost every read ~1.5 % of CPU);
  // allowList still passes the reads of a route that also takes a write.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/v1/') || !takesWrites(route.method)) {
      route.config = { ...route.config, rateLimit: false };
    }
  });
  await app.register(rateLimit, {
    global: true,
    max: writeLimit.max,
    timeWindow: writeLimit.timeWindow,
    allowList: (request) => !isApiV1Write(request),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: `Too many requests. Please try again in ${context.after}.`,
    }),
  });
}
