// The last session the server confirmed, kept so that a reload without a network keeps the member
// in the app. Only what the shell shows is kept (no email, no profile text); it is cleared on sign
// out and whenever the server answers that there is no session.

/** Also read by src/boot.js. */
export const LAST_SESSION_KEY = 'sahifa.lastSession';

/** What the app shell needs of the member while the session cannot be checked. */
export interface LastSession {
  id: string;
  name: string;
  userNumber: number | null;
  image: string | null;
}

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The browser's localStorage, or nothing where it is missing or refused (private modes, tests). */
export function browserStorage(): Store | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function toLastSession(user: {
  id: string;
  name?: string | null;
  userNumber?: number | null;
  image?: string | null;
}): LastSession {
  return {
    id: user.id,
    name: user.name ?? '',
    userNumber: user.userNumber ?? null,
    image: user.image ?? null,
  };
}

export function saveLastSession(storage: Store | null, user: LastSession): void {
  try {
    storage?.setItem(LAST_SESSION_KEY, JSON.stringify(user));
  } catch {
    // A full or refused storage only costs the offline fallback.
  }
}

export function clearLastSession(storage: Store | null): void {
  try {
    storage?.removeItem(LAST_SESSION_KEY);
  } catch {
    // Nothing to do: there is nothing we could read back either.
  }
}

/** The stored copy, or null when there is none or it is not one we wrote. */
export function readLastSession(storage: Store | null): LastSession | null {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(LAST_SESSION_KEY) ?? null;
  } catch {
    return null;
  }
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const { id, name, userNumber, image } = value as Record<string, unknown>;
  if (typeof id !== 'string' || id === '' || typeof name !== 'string') return null;
  if (userNumber !== null && !(typeof userNumber === 'number' && Number.isInteger(userNumber))) return null;
  if (image !== null && typeof image !== 'string') return null;
  return { id, name, userNumber, image };
}

/**
 * True when the session check failed because the server could not be reached (the browser is
 * offline, or the request never got an HTTP answer) — not when the server answered.
 */
export function isUnreachable(error: unknown, online: boolean): boolean {
  if (!error) return false;
  if (!online) return true;
  const status = (error as { status?: unknown }).status;
  return typeof status !== 'number' || status === 0;
}

/** What the session check says, as better-auth's useSession reports it. */
export interface SessionCheck<U> {
  user: U | null;
  error: unknown;
  isPending: boolean;
}

export type SessionOutcome<U> =
  /** Still checking, nothing to show yet. */
  | { kind: 'pending' }
  /** The server confirmed this member. */
  | { kind: 'member'; user: U }
  /** The server could not be reached; the last confirmed member stands in. */
  | { kind: 'offline'; user: LastSession }
  /**
   * No member: the server said so (`noSession`: the stored copy must go), it failed otherwise, or
   * it could not be reached and no one was signed in on this device.
   */
  | { kind: 'none'; noSession: boolean };

/** Decides who the app shows from the session check, the network state and the stored copy. */
export function resolveSession<U>(
  check: SessionCheck<U>,
  online: boolean,
  stored: LastSession | null,
): SessionOutcome<U> {
  if (check.user) return { kind: 'member', user: check.user };
  const unreachable = check.error ? isUnreachable(check.error, online) : check.isPending && !online;
  if (unreachable) return stored ? { kind: 'offline', user: stored } : { kind: 'none', noSession: false };
  if (check.isPending) return { kind: 'pending' };
  const status = (check.error as { status?: unknown } | null)?.status;
  return { kind: 'none', noSession: !check.error || status === 401 };
}
