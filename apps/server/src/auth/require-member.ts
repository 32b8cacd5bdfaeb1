// The signed-in member for an /api/v1 route that needs one; signed out → 401 (spec text).
//
// Use `memberOnly` as an onRequest hook so a signed-out request gets its 401 before any body is
// parsed or validated, then `requireMember(request)` in the handler: the session is looked up
// once per request and remembered for that request.
import { ACCOUNT_SUSPENDED_CODE, ACCOUNT_SUSPENDED_MESSAGE } from '@sahifa/contracts/moderation';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { AppError } from '#server/kernel/app-error.ts';
import { getSessionUser, type SessionUser } from './session.ts';

export const NO_AUTHENTICATED_USER = 'No authenticated user';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route stays open to a suspended member (support: they must be able to ask why). */
    openToSuspended?: boolean;
  }
}

/** The session of a request, looked up once whoever asks first (a hook, the operator guard, the handler). */
const sessions = new WeakMap<FastifyRequest, { fresh: boolean; member: Promise<SessionUser | null> }>();

/**
 * The signed-in member, or null when signed out; one session lookup per request. `fresh`: read
 * now rather than as remembered for a few seconds (auth/session-cache.ts), for the operator guard.
 */
export function currentMember(
  request: FastifyRequest,
  { fresh = false }: { fresh?: boolean } = {},
): Promise<SessionUser | null> {
  const known = sessions.get(request);
  if (known && (known.fresh || !fresh)) return known.member;
  const member = getSessionUser(request, { fresh });
  sessions.set(request, { fresh, member });
  return member;
}

export async function requireMember(request: FastifyRequest): Promise<SessionUser> {
  const user = await currentMember(request);
  if (!user) throw new AppError(401, 'UNAUTHENTICATED', NO_AUTHENTICATED_USER);
  return user;
}

/** onRequest hook: `app.addHook('onRequest', memberOnly)` or a route's `onRequest: memberOnly`. */
export async function memberOnly(request: FastifyRequest): Promise<void> {
  await requireMember(request);
}

export const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * onRequest hook for the whole app: a suspended member reads but does not write. Every /api/v1
 * write by a suspended member is refused here, once, rather than in each module, unless its
 * route says `config: { openToSuspended: true }`; signed-out writes pass on to their route's 401.
 */
export function refuseSuspendedWrites(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  // Reads pass at once, without a promise each (this hook runs before every request).
  const write = WRITE_METHODS.has(request.method) && request.url.startsWith('/api/v1/');
  if (!write || request.routeOptions.config.openToSuspended) {
    done();
    return;
  }
  currentMember(request).then((member) => {
    done(
      member?.suspendedAt ? new AppError(403, ACCOUNT_SUSPENDED_CODE, ACCOUNT_SUSPENDED_MESSAGE) : undefined,
    );
  }, done);
}
