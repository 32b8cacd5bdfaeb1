import { useTranslation } from 'react-i18next';
import { Button } from './Button.tsx';
import styles from './LoadMore.module.css';

interface LoadMoreProps {
  label: string;
  /** Said (role="alert") when the last attempt failed; the button stays to retry. */
  failedText: string;
  failed: boolean;
  busy: boolean;
  onLoad: () => void;
}

/** "Load more" for lists paged by cursor, with its loading and failed states. */
export function LoadMore({ label, failedText, failed, busy, onLoad }: LoadMoreProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.more}>
      {failed ? (
        <p className={styles.error} role="alert">
          {failedText}
        </p>
      ) : null}
      <Button variant="secondary" busy={busy} busyLabel={t('browse.loadingMore')} onClick={onLoad}>
        {label}
      </Button>
    </div>
  );
}
