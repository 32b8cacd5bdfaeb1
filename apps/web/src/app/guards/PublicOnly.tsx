import { Navigate, Outlet, useSearchParams } from 'react-router';
import { useAuth } from '#web/lib/auth.tsx';
import { sanitizeRedirect } from '#web/lib/redirect.ts';

/**
 * The public pages send a signed-in member into the app (spec: "a guard that redirects to /app"),
 * or back to the page they were sent to log in from. While the session is still being checked, the
 * public page shows, so visitors never wait for it.
 */
export function PublicOnly() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  if (user) return <Navigate to={sanitizeRedirect(params.get('redirectTo')) ?? '/app'} replace />;
  return <Outlet />;
}
