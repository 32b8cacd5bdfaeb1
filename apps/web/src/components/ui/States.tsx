import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageName } from '#web/lib/page-name.ts';
import { Button, ButtonLink } from './Button.tsx';
import styles from './States.module.css';

/** Nothing to show yet, and what to do about it. */
export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className={styles.box}>
      <p>{children}</p>
      {action}
    </div>
  );
}

/** A load failed: say so and offer a retry. */
export function ErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={`${styles.box} ${styles.error}`} role="alert">
      <p>{message}</p>
      <Button variant="secondary" size="small" onClick={onRetry}>
        {t('common.tryAgain')}
      </Button>
    </div>
  );
}

/** A screen that needs the network while there is none: say so, and offer a retry. */
export function OfflineState({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.box} role="status">
      <p>{t('common.offlineScreen')}</p>
      <Button variant="secondary" size="small" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}

/**
 * A screen whose subject does not exist (the API answered 404), inside the app's layout; `back`
 * leads where such things are listed (the books unless given).
 */
export function NotFoundState({
  title,
  body,
  back,
}: {
  title?: string;
  body?: string;
  back?: { to: string; label: string };
}) {
  const { t } = useTranslation();
  const heading = title ?? t('errors.notFoundTitle');
  usePageName(heading);
  return (
    <div className={styles.notFound}>
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1>{heading}</h1>
      <p className={styles.body}>{body ?? t('errors.notFoundBody')}</p>
      <ButtonLink to={back?.to ?? '/app/books'} variant="secondary">
        {back?.label ?? t('browse.backToBooks')}
      </ButtonLink>
    </div>
  );
}
