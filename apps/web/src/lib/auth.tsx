import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import type { SessionUser } from './auth-client.ts';
import {
  browserStorage,
  clearLastSession,
  type LastSession,
  readLastSession,
  resolveSession,
  saveLastSession,
  toLastSession,
} from './last-session.ts';
import { MissingProviderError } from './missing-provider-error.ts';
import { useOnline } from './online.ts';
import { broadcastSignOut, currentSession, refetchSession, subscribeToSession } from './session.ts';

export class AuthProviderMissingError extends MissingProviderError {
  constructor() {
    super('useAuth', 'AuthProvider');
  }
}

interface AuthContextValue {
  /** The signed-in member, or null. */
  user: SessionUser | null;
  /** True until the first session check has answered. */
  isPending: boolean;
  /**
   * True while the session cannot be checked (no network) and `user` is the last confirmed member,
   * kept on this device: only id, name, member number and picture are real.
   */
  offline: boolean;
  /** True after the member chose to sign out (guards send them home, not to /login). */
  signedOutOnPurpose: boolean;
  signOut: () => Promise<void>;
  refetch: () => Promise<unknown>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const {
    user: sessionUser,
    error,
    isPending: checking,
  } = useSyncExternalStore(subscribeToSession, currentSession, currentSession);
  const queryClient = useQueryClient();
  const online = useOnline();
  const [signedOutOnPurpose, setSignedOutOnPurpose] = useState(false);
  const [stored, setStored] = useState(() => readLastSession(browserStorage()));
  const outcome = resolveSession({ user: sessionUser, error, isPending: checking }, online, stored);
  const confirmed = outcome.kind === 'member' ? outcome.user : null;
  const noSession = outcome.kind === 'none' && outcome.noSession;
  const offlineCopy = outcome.kind === 'offline' ? outcome.user : null;
  const offlineUser = useMemo(() => (offlineCopy ? fromLastSession(offlineCopy) : null), [offlineCopy]);
  const user = confirmed ?? offlineUser;
  const isPending = outcome.kind === 'pending';

  useEffect(() => {
    if (user) setSignedOutOnPurpose(false);
  }, [user]);

  // Keep a copy of the confirmed member for a start without network; forget it once the server
  // says there is no session.
  useEffect(() => {
    if (confirmed) {
      const copy = toLastSession(confirmed);
      saveLastSession(browserStorage(), copy);
      setStored((current) => (sameMember(current, copy) ? current : copy));
    } else if (noSession) {
      clearLastSession(browserStorage());
      setStored(null);
    }
  }, [confirmed, noSession]);

  const signOut = useCallback(async () => {
    setSignedOutOnPurpose(true);
    clearLastSession(browserStorage());
    setStored(null);
    try {
      // better-auth's client is loaded only now: it stays out of every screen's first load.
      const { authClient } = await import('./auth-client.ts');
      const { error: failure } = await authClient.signOut();
      if (!failure) {
        // As better-auth's own session store does after a sign-out: tell the other tabs, check again.
        broadcastSignOut();
        void refetchSession();
      }
    } finally {
      // Nothing of this member's data may be shown to whoever uses the device next.
      queryClient.clear();
    }
  }, [queryClient]);

  const offline = offlineUser !== null;
  const value = useMemo<AuthContextValue>(
    () => ({ user, isPending, offline, signedOutOnPurpose, signOut, refetch: refetchSession }),
    [user, isPending, offline, signedOutOnPurpose, signOut],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}

function sameMember(a: LastSession | null, b: LastSession): boolean {
  return !!a && a.id === b.id && a.name === b.name && a.userNumber === b.userNumber && a.image === b.image;
}

/** The stored copy in the session's shape; what it does not keep is empty (see `offline`). */
function fromLastSession(copy: LastSession): SessionUser {
  const unknown = new Date(0);
  return {
    id: copy.id,
    name: copy.name,
    image: copy.image,
    userNumber: copy.userNumber,
    email: '',
    emailVerified: true,
    createdAt: unknown,
    updatedAt: unknown,
  };
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new AuthProviderMissingError();
  return value;
}

/** The signed-in member; only for screens behind RequireAuth. */
export function useCurrentUser(): SessionUser {
  const { user } = useAuth();
  if (!user) throw new Error('useCurrentUser is only available behind <RequireAuth>.');
  return user;
}
