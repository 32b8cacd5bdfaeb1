// The signed-in member for an /api/v1 route that needs one; signed out → 401 (spec text).
//
// Use `memberOnly` as an onRequest hook so a signed-out request gets its 401 before any body is
// parsed or validated, then `requireMember(request)` in the handler: the session is looked up
// once per request and remembered for that request.
import { ACCOUNT_SUSPENDED_CODE, ACCOUNT_SUSPENDED_MESSAGE } from '@sahifa/contracts/moderation';
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

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A suspended member may still ask support for help. */
const OPEN_TO_SUSPENDED = new Set(['POST /api/v1/support']);

/**
 * onRequest hook for the whole app: a suspended member reads but does not write. Every /api/v1
 * write by a suspended member is refused here, once, rather than in each module; signed-out
 * writes pass on to their route's 401.
 */
export async function refuseSuspendedWrites(request: FastifyRequest): Promise<void> {
  if (!WRITE_METHODS.has(request.method) || !request.url.startsWith('/api/v1/')) return;
  const path = request.url.split('?')[0];
  if (OPEN_TO_SUSPENDED.has(`${request.method} ${path}`)) return;
  let member: SessionUser;
  try {
    member = await requireMember(request);
  } catch {
    return;
  }
  if (member.suspendedAt) throw new AppError(403, ACCOUNT_SUSPENDED_CODE, ACCOUNT_SUSPENDED_MESSAGE);
}
