import { Outlet } from 'react-router';
import { OfflineState } from '#web/components/ui/States.tsx';
import { useAuth } from '#web/lib/auth.tsx';

/**
 * Screens that show or edit the member's whole account (email, profile text) wait for the server
 * to confirm the session: offline, the app only keeps the member's name, number and picture.
 */
export function RequireConfirmedSession() {
  const { offline, refetch } = useAuth();
  if (offline) return <OfflineState onRetry={() => void refetch()} />;
  return <Outlet />;
}
