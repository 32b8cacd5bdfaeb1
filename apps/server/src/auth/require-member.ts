// The signed-in member for an /api/v1 route that needs one; signed out → 401 (spec text).
//
// Use `memberOnly` as an onRequest hook so a signed-out request gets its 401 before any body is
// parsed or validated, then `requireMember(request)` in the handler: the session is looked up
// once per request and remembered for that request.
import { ACCOUNT_SUSPENDED_CODE, ACCOUNT_SUSPENDED_MESSAGE } from '@sahifa/contracts/moderation';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { AppError } from '#server/kernel/app-error.ts';
import { whenReady } from '#server/kernel/when-ready.ts';
import { isApiV1Write } from '#server/kernel/write-methods.ts';
import type { SessionUser } from './session-cache.ts';

export const NO_AUTHENTICATED_USER = 'No authenticated user';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route stays open to a suspended member (support: they must be able to ask why). */
    openToSuspended?: boolean;
  }
  interface FastifyRequest {
    /** This request's session lookup (knownMember): made once, whoever asks first. */
    memberLookup: { fresh: boolean; member: KnownMember } | null;
  }
}

/** A request's member as far as known: the member, null when signed out, or a promise of either. */
export type KnownMember = SessionUser | null | Promise<SessionUser | null>;

/**
 * Gives every request its `memberLookup`, empty (call before any route is registered): a property
 * Fastify's request objects are made with, rather than a WeakMap entry per request.
 */
export function decorateMemberLookup(app: FastifyInstance): void {
  app.decorateRequest('memberLookup', null);
}

/**
 * The signed-in member, or null when signed out; one session lookup per request. A remembered
 * session (auth/session-cache.ts) comes as it is, with no promise: the hooks below then pass at
 * once. `fresh`: read now rather than as remembered for a few seconds, for the operator guard.
 */
export function knownMember(
  request: FastifyRequest,
  { fresh = false }: { fresh?: boolean } = {},
): KnownMember {
  const known = request.memberLookup;
  if (known && (known.fresh || !fresh)) return known.member;
  const found = request.server.sessions.lookup(request.headers, { fresh });
  const entry: { fresh: boolean; member: KnownMember } = { fresh, member: null };
  // Once the promise settles, later askers get the member itself.
  entry.member =
    found instanceof Promise
      ? found.then((session) => {
          entry.member = session?.user ?? null;
          return entry.member;
        })
      : (found?.user ?? null);
  request.memberLookup = entry;
  return entry.member;
}

/** knownMember as a promise. */
export function currentMember(
  request: FastifyRequest,
  options?: { fresh?: boolean },
): Promise<SessionUser | null> {
  const member = knownMember(request, options);
  return member instanceof Promise ? member : Promise.resolve(member);
}

const unauthenticated = () => new AppError(401, 'UNAUTHENTICATED', NO_AUTHENTICATED_USER);

function signedIn(member: SessionUser | null): SessionUser {
  if (!member) throw unauthenticated();
  return member;
}

/**
 * The signed-in member, at once when known (after `memberOnly`, always); a promise only while the
 * lookup runs. Signed out: throws (or rejects) the 401.
 */
export function requireMember(request: FastifyRequest): SessionUser | Promise<SessionUser> {
  return whenReady(knownMember(request), signedIn);
}

/** onRequest hook: `app.addHook('onRequest', memberOnly)` or a route's `onRequest: memberOnly`. */
export function memberOnly(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  const member = knownMember(request);
  if (member instanceof Promise) member.then((found) => done(found ? undefined : unauthenticated()), done);
  else done(member ? undefined : unauthenticated());
}

/**
 * onRequest hook for the routes that take a write (app.ts): a suspended member reads but does not write. Every /api/v1
 * write by a suspended member is refused here, once, rather than in each module, unless its
 * route says `config: { openToSuspended: true }`; signed-out writes pass on to their route's 401.
 */
export function refuseSuspendedWrites(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  // The reads of a route that also takes a write pass at once (app.ts runs this on write routes).
  if (!isApiV1Write(request) || request.routeOptions.config.openToSuspended) {
    done();
    return;
  }
  const member = knownMember(request);
  if (member instanceof Promise) member.then((found) => done(refusal(found)), done);
  else done(refusal(member));
}

function refusal(member: SessionUser | null): AppError | undefined {
  return member?.suspendedAt
    ? new AppError(403, ACCOUNT_SUSPENDED_CODE, ACCOUNT_SUSPENDED_MESSAGE)
    : undefined;
}
