import { useTranslation } from 'react-i18next';
import { ButtonLink } from '#web/components/ui/Button.tsx';
import { usePageName } from '#web/lib/page-name.ts';
import styles from './pages.module.css';

/** Any address no route matches (404). */
export function NotFoundPage({ home = '/' }: { home?: string }) {
  const { t } = useTranslation();
  // Under routes of their own (the console's), too: the tab must not name what is not there.
  usePageName(t('errors.notFoundTitle'));
  return (
    <div className={styles.page}>
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1>{t('errors.notFoundTitle')}</h1>
      <p className={styles.body}>{t('errors.notFoundBody')}</p>
      <ButtonLink to={home}>{t('common.backHome')}</ButtonLink>
    </div>
  );
}

export function AppNotFoundPage() {
  return <NotFoundPage home="/app/home" />;
}

export default NotFoundPage;
