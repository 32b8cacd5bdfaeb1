// The signed-in member for an /api/v1 route that needs one; signed out → 401 (spec text).
//
// Use `memberOnly` as an onRequest hook so a signed-out request gets its 401 before any body is
// parsed or validated, then `requireMember(request)` in the handler: the session is looked up
// once per request and remembered for that request.
import type { FastifyRequest } from 'fastify';
import { AppError } from '#server/kernel/app-error.ts';
import { getSessionUser, type SessionUser } from './session.ts';

export const NO_AUTHENTICATED_USER = 'No authenticated user';

const members = new WeakMap<FastifyRequest, SessionUser>();

export async function requireMember(request: FastifyRequest): Promise<SessionUser> {
  const known = members.get(request);
  if (known) return known;
  const user = await getSessionUser(request);
  if (!user) throw new AppError(401, 'UNAUTHENTICATED', NO_AUTHENTICATED_USER);
  members.set(request, user);
  return user;
}

/** onRequest hook: `app.addHook('onRequest', memberOnly)` or a route's `onRequest: memberOnly`. */
export async function memberOnly(request: FastifyRequest): Promise<void> {
  await requireMember(request);
}
