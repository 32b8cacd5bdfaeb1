import type { Account } from '@sahifa/contracts/admin';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { accountQueryKey, useAccount } from '#web/lib/account.ts';
import { isSuspendedError } from '#web/lib/moderation.ts';
import styles from './SuspendedNotice.module.css';

/**
 * A suspended member can read but not write: said above every screen, with the way to support
 * (the one write still open to them). A write refused as suspended turns it on at once.
 */
export function SuspendedNotice() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: account } = useAccount();

  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type !== 'updated' || !isSuspendedError(event.mutation.state.error)) return;
        queryClient.setQueryData<Account>(accountQueryKey(), (old) =>
          old ? { ...old, suspended: true } : old,
        );
        void queryClient.invalidateQueries({ queryKey: accountQueryKey() });
      }),
    [queryClient],
  );

  return (
    <div role="status" className={styles.region}>
      {account?.suspended ? (
        <p className={styles.notice}>
          {t('moderation.suspended')} <Link to="/app/support">{t('moderation.suspendedLink')}</Link>
        </p>
      ) : null}
    </div>
  );
}
