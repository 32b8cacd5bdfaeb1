// The session check, made without better-auth's client so that the client (and its fetch and
// store libraries) stays out of the first load: only the screens that sign in, sign up or sign
// out load it. It behaves as better-auth's useSession: GET /api/auth/get-session once at start,
// again on demand (after signing in, or a profile edit), when the page comes back into view (at
// most every 5 seconds), when the network returns, and when another tab signs out.
import type { SessionUser } from './auth-client.ts';

/** What the check says, in the shape better-auth's useSession reports it. */
export interface SessionState {
  user: SessionUser | null;
  /** The failed check: `{ status, statusText }` when the server answered, else what fetch threw. */
  error: unknown;
  /** True while no member is known and a check is under way. */
  isPending: boolean;
}

const SESSION_URL = '/api/auth/get-session';
/** better-auth's client tells its other tabs about a sign-out under this localStorage key. */
const BROADCAST_KEY = 'better-auth.message';
const FOCUS_REFETCH_INTERVAL_MS = 5_000;

let state: SessionState = { user: null, error: null, isPending: true };
/** The member `state.user` was made from, as the server sent it (JSON). */
let lastUserJson: string | null = null;
let flight: AbortController | null = null;
/** When the page's return into view (or the network's) last caused a check (better-auth's rule). */
let lastFocusCheckAt = 0;
let started = false;
const listeners = new Set<() => void>();

/**
 * A check that changes nothing leaves the same state, and tells no one: a new one, even equal,
 * renders again everything that reads the session, and coming during the app's first render (the
 * check at start answers then) it made React render the whole page again at once, in one long task.
 */
function set(next: SessionState): void {
  if (next.user === state.user && next.error === state.error && next.isPending === state.isPending) return;
  state = next;
  for (const listener of listeners) listener();
}

/** The member better-auth's answer names: the same object as now when it is the same member. */
function memberOf(body: unknown): SessionUser | null {
  const json = JSON.stringify((body as { user?: unknown } | null)?.user ?? null);
  if (json === lastUserJson && state.user) return state.user;
  lastUserJson = json;
  return sessionUserOf(body);
}

const isOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/** better-auth's answer (`{ session, user }` or null) as the member it names, dates as Dates. */
export function sessionUserOf(body: unknown): SessionUser | null {
  if (!body || typeof body !== 'object') return null;
  const user = (body as { user?: unknown }).user;
  if (!user || typeof user !== 'object') return null;
  const { createdAt, updatedAt } = user as { createdAt?: unknown; updatedAt?: unknown };
  return {
    ...(user as SessionUser),
    createdAt: new Date(createdAt as string),
    updatedAt: new Date(updatedAt as string),
  };
}

/** Checks the session again (a newer check replaces one still under way). */
export function refetchSession(): Promise<void> {
  flight?.abort();
  const controller = new AbortController();
  flight = controller;
  set({ ...state, isPending: state.user === null, error: null });
  return (async () => {
    try {
      const response = await fetch(SESSION_URL, {
        credentials: 'include',
        headers: { accept: 'application/json' },
        signal: controller.signal,
      });
      const body = await response.text();
      if (controller.signal.aborted) return;
      if (!response.ok) {
        const error = { status: response.status, statusText: response.statusText };
        set({ user: response.status === 401 ? null : state.user, error, isPending: false });
        return;
      }
      set({ user: memberOf(body ? JSON.parse(body) : null), error: null, isPending: false });
    } catch (error) {
      if (controller.signal.aborted) return;
      set({ user: state.user, error, isPending: false });
    } finally {
      if (flight === controller) flight = null;
    }
  })();
}

/** Tells this app's other tabs that the session ended (as better-auth's client does). */
export function broadcastSignOut(): void {
  try {
    localStorage.setItem(
      BROADCAST_KEY,
      JSON.stringify({
        event: 'session',
        data: { trigger: 'signout' },
        clientId: Math.random().toString(36).slice(2, 9),
        timestamp: Math.floor(Date.now() / 1000),
      }),
    );
  } catch {
    // No storage: the other tabs notice when they next check.
  }
}

/** A check caused by the page coming back into view or the network returning: at most every 5 s. */
function checkAgainOnReturn(): void {
  if (!isOnline() || Date.now() - lastFocusCheckAt < FOCUS_REFETCH_INTERVAL_MS) return;
  lastFocusCheckAt = Date.now();
  void refetchSession();
}

function listenForChanges(): void {
  if (typeof window === 'undefined') return;
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') checkAgainOnReturn();
  });
  window.addEventListener('online', checkAgainOnReturn);
  window.addEventListener('storage', (event) => {
    if (event.key !== BROADCAST_KEY || !event.newValue || !isOnline()) return;
    try {
      const message = JSON.parse(event.newValue) as { event?: unknown; data?: unknown };
      if (message.event === 'session' && message.data) void refetchSession();
    } catch {
      // Not a message of ours.
    }
  });
}

/** Starts the first check (once), as early as the app starts, so screens wait for it the least. */
export function startSessionCheck(): void {
  if (started) return;
  started = true;
  listenForChanges();
  void refetchSession();
}

export function subscribeToSession(listener: () => void): () => void {
  startSessionCheck();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const currentSession = (): SessionState => state;

/**
 * The session a page came with: the server rendered it for this member and sent get-session's
 * answer along (main.tsx), so the app starts knowing them; the check at start still confirms.
 * The server's render primes it for the moment it renders, then passes null (pending again).
 */
export function primeSession(body: unknown): void {
  const user = memberOf(body);
  set({ user, error: null, isPending: user === null });
}
