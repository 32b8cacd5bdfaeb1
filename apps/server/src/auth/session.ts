// The signed-in member for a request, for /api/v1 routes. Returns null when signed out.
import type { FastifyRequest } from 'fastify';
import { toFetchHeaders } from './fetch-headers.ts';

export async function getSessionUser(request: FastifyRequest) {
  const session = await request.server.auth.api.getSession({ headers: toFetchHeaders(request.headers) });
  return session?.user ?? null;
}

export type SessionUser = NonNullable<Awaited<ReturnType<typeof getSessionUser>>>;
