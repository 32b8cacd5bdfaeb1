import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingScreen } from '#web/components/ui/Spinner.tsx';
import { useAuth } from '#web/lib/auth.tsx';
import { loginPathFor } from '#web/lib/redirect.ts';

/** /app/* is for members: a signed-out visitor goes to /login?redirectTo=<where they were going>. */
export function RequireAuth() {
  const { t } = useTranslation();
  const { user, isPending, signedOutOnPurpose } = useAuth();
  const location = useLocation();
  if (isPending) return <LoadingScreen label={t('common.loading')} />;
  if (!user) return <Navigate to={signedOutOnPurpose ? '/' : loginPathFor(location)} replace />;
  return <Outlet />;
}
