// The signed-in member for a request, for /api/v1 routes. Returns null when signed out.
import type { FastifyRequest } from 'fastify';
import type { Session } from './session-cache.ts';

/** `fresh`: read the session and its member now, not as remembered (auth/session-cache.ts). */
export async function getSessionUser(request: FastifyRequest, { fresh = false } = {}) {
  const session = await request.server.sessions.lookup(request.headers, { fresh });
  return session?.user ?? null;
}

export type SessionUser = NonNullable<Session>['user'];
