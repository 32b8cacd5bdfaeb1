import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ButtonLink } from '#web/components/ui/Button.tsx';
import styles from './ComingSoonPage.module.css';

export type ComingSoonScreen = 'billing' | 'support';

/** An honest placeholder for a signed-in screen that is not built yet. */
export function ComingSoonPage({ screen }: { screen: ComingSoonScreen }) {
  const { t } = useTranslation();
  const params = useParams();
  return (
    <div className={styles.page}>
      <span className={styles.badge}>{t('comingSoon.badge')}</span>
      <h1 dir="auto">{t(`comingSoon.screens.${screen}.title`, params)}</h1>
      <p className={styles.body}>{t(`comingSoon.screens.${screen}.body`)}</p>
      <p className={styles.lead}>{t('comingSoon.lead')}</p>
      <ButtonLink to="/app/home" variant="secondary">
        {t('comingSoon.backHome')}
      </ButtonLink>
    </div>
  );
}

/** One lazily loaded module per placeholder route keeps the router table simple. */
export const comingSoon = (screen: ComingSoonScreen) =>
  function ComingSoonRoute() {
    return <ComingSoonPage screen={screen} />;
  };
