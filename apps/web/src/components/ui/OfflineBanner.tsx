import { useTranslation } from 'react-i18next';
import { useAuth } from '#web/lib/auth.tsx';
import { useOnline } from '#web/lib/online.ts';
import styles from './OfflineBanner.module.css';

/**
 * "You're offline" above the app's screens while there is no network, or while the session could
 * not be checked. The live region stays in the page so the change is announced.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  const { offline } = useAuth();
  const show = !online || offline;
  return (
    <div role="status" className={styles.region}>
      {show ? <p className={styles.banner}>{t('common.offlineBanner')}</p> : null}
    </div>
  );
}
