import { useTranslation } from 'react-i18next';
import { AppNotFoundPage } from '#web/app/NotFoundPage.tsx';
import { QueryState } from '#web/components/ui/QueryState.tsx';
import { ConsoleLayout } from '#web/features/admin/routes/ConsoleLayout.tsx';
import { useAccount } from '#web/lib/account.ts';

/**
 * /app/admin/* — the operator console. Everyone else gets the app's own not-found page, exactly as
 * for an address that does not exist (the API's console routes answer 404 to them as well).
 */
export function AdminRoute() {
  const { t } = useTranslation();
  const account = useAccount();
  const notFound = <AppNotFoundPage />;
  return (
    <QueryState
      query={account}
      notFound={notFound}
      isMissing={(data) => !data.operator}
      error={t('admin.loadFailed')}
    >
      {() => <ConsoleLayout notFound={notFound} />}
    </QueryState>
  );
}

export default AdminRoute;
