import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '#web/components/ui/Button.tsx';
import { LoadingScreen } from '#web/components/ui/Spinner.tsx';
import styles from './states.module.css';

export function Loading() {
  const { t } = useTranslation();
  return <LoadingScreen label={t('common.loading')} />;
}

export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.state} role="alert">
      <h1>{t('publishing.loadFailed.title')}</h1>
      <p>{t('publishing.loadFailed.body')}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('common.tryAgain')}
      </Button>
    </div>
  );
}

/** The edit screen for a summary that is not there, or not the member's. */
export function CannotEdit({ reason }: { reason: 'notFound' | 'forbidden' }) {
  const { t } = useTranslation();
  return (
    <div className={styles.state}>
      <h1>{t(`publishing.cannotEdit.${reason}.title`)}</h1>
      <p>{t(`publishing.cannotEdit.${reason}.body`)}</p>
      <ButtonLink to="/app/books" variant="secondary">
        {t('publishing.cannotEdit.browse')}
      </ButtonLink>
    </div>
  );
}
