// Session lookups for /api/v1, remembered for a short while (docs/decisions/010-caching.md).
//
// better-auth's getSession builds a whole endpoint context and reads the session and user rows on
// every call; most requests repeat the lookup their member's last request made. The answer is kept
// per session cookie for at most SESSION_CACHE_TTL_MS (never past the session's expiry), and
// `clear()` forgets every answer after any write that can end or change a session on this
// instance (sign-out, password change or reset, suspension, a profile or role change), so those
// take effect at once here; another instance sees them within the TTL. The operator console asks
// for a fresh answer every time, so a role revoked from the command line counts at once.
import type { IncomingHttpHeaders } from 'node:http';
import { keepNewest } from '#server/kernel/keep-newest.ts';
import type { Auth } from './auth.ts';
import { toFetchHeaders } from './fetch-headers.ts';

export const SESSION_CACHE_TTL_MS = 30_000;
/** Bounds memory: the oldest answer goes first (a Map iterates in insertion order). */
const MAX_ENTRIES = 10_000;
/**
 * A longer Cookie header is looked up every time, not remembered: Sahifa's own cookies come to a
 * few hundred bytes, and 10,000 headers of Node's 16 KB limit would hold 160 MB.
 */
export const MAX_KEY_LENGTH = 4096;

export type Session = Awaited<ReturnType<Auth['api']['getSession']>>;
export type SessionUser = NonNullable<Session>['user'];

export interface SessionCache {
  /**
   * The session these request headers carry; null when signed out. A remembered answer comes as
   * it is, with no promise to wait for (most requests: a promise and a turn less each, decision
   * 010); otherwise a promise of better-auth's. `fresh`: not a remembered answer.
   */
  lookup(headers: IncomingHttpHeaders, options?: { fresh?: boolean }): Session | Promise<Session>;
  /** Forgets every remembered session; lookups already under way are not remembered either. */
  clear(): void;
}

/**
 * The whole Cookie header, when it may carry better-auth's cookies (`better-auth.…`, with or
 * without `__Secure-`); '' when it cannot. A browser sends the same header again and again, so the
 * header itself is the key: picking its better-auth cookies out with a pattern cost more than the
 * rest of the lookup. What getSession reads of a request is in the header, so one header never
 * stands for two sessions; a change to another cookie only costs one lookup.
 */
function sessionKey(cookie: string | undefined): string {
  return cookie?.includes('better-auth.') ? cookie : '';
}

export function createSessionCache(auth: Auth, ttlMs = SESSION_CACHE_TTL_MS): SessionCache {
  const answers = new Map<string, { session: Session; until: number }>();
  // Bumped by clear(): a lookup that started before a clear may have read what the clear was for.
  let generation = 0;

  return {
    lookup(headers, { fresh = false } = {}) {
      const key = sessionKey(headers.cookie);
      if (!key) return null;
      const now = Date.now();
      const remembered = answers.get(key);
      if (remembered && remembered.until > now && !fresh) return remembered.session;
      if (remembered) answers.delete(key);

      const startedIn = generation;
      return auth.api.getSession({ headers: toFetchHeaders(headers) }).then((session) => {
        if (startedIn === generation && key.length <= MAX_KEY_LENGTH) {
          const expires = session ? new Date(session.session.expiresAt).getTime() : Number.POSITIVE_INFINITY;
          keepNewest(answers, key, { session, until: Math.min(now + ttlMs, expires) }, MAX_ENTRIES);
        }
        return session;
      });
    },
    clear() {
      generation++;
      answers.clear();
    },
  };
}
