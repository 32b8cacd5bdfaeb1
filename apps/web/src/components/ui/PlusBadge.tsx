import { useTranslation } from 'react-i18next';
import styles from './PlusBadge.module.css';

/** "Plus": the member is on Sahifa Plus (their profile, their billing page). */
export function PlusBadge() {
  const { t } = useTranslation();
  return (
    <span className={styles.badge} title={t('billing.plusBadgeLabel')}>
      <span aria-hidden="true">{t('billing.plusBadge')}</span>
      <span className="visually-hidden">{t('billing.plusBadgeLabel')}</span>
    </span>
  );
}
