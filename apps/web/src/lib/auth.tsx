import { displayNameOf as nameOrFallback } from '@sahifa/contracts/members';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { authClient, type SessionUser } from './auth-client.ts';
import { MissingProviderError } from './missing-provider-error.ts';

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
  /** True after the member chose to sign out (guards send them home, not to /login). */
  signedOutOnPurpose: boolean;
  signOut: () => Promise<void>;
  refetch: () => Promise<unknown>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const { data, isPending, refetch } = authClient.useSession();
  const queryClient = useQueryClient();
  const [signedOutOnPurpose, setSignedOutOnPurpose] = useState(false);
  const user = data?.user ?? null;

  useEffect(() => {
    if (user) setSignedOutOnPurpose(false);
  }, [user]);

  const signOut = useCallback(async () => {
    setSignedOutOnPurpose(true);
    try {
      await authClient.signOut();
    } finally {
      // Nothing of this member's data may be shown to whoever uses the device next.
      queryClient.clear();
    }
  }, [queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({ user, isPending, signedOutOnPurpose, signOut, refetch: () => refetch() }),
    [user, isPending, signedOutOnPurpose, signOut, refetch],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
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

/** The name to show for a member (spec: an empty name falls back to "Darker"). */
export function displayNameOf(user: { name?: string | null }): string {
  return nameOrFallback(user.name);
}
