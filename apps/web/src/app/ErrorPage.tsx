import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button } from '#web/components/ui/Button.tsx';
import styles from './pages.module.css';

/**
 * The router's error page. The heading is the spec's text, in English in both languages; the
 * explanation under it is translated.
 */
export function ErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();

  useEffect(() => {
    console.error(error);
  }, [error]);

  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <div className={styles.page}>
        <h1>{t('errors.notFoundTitle')}</h1>
        <p className={styles.body}>{t('errors.notFoundBody')}</p>
        <Link to="/">{t('common.backHome')}</Link>
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <h1 lang="en" dir="ltr">
        {t('errors.unexpectedHeading')}
      </h1>
      <p className={styles.body}>{t('errors.unexpectedBody')}</p>
      <div className={styles.actions}>
        <Button onClick={() => window.location.reload()}>{t('errors.reload')}</Button>
        <Link to="/" reloadDocument>
          {t('common.backHome')}
        </Link>
      </div>
      {import.meta.env.DEV && error instanceof Error ? (
        <details className={styles.details}>
          <summary>{error.message}</summary>
          <pre>{error.stack}</pre>
        </details>
      ) : null}
    </div>
  );
}

/** The root route's error element: the page stands alone, so it brings its own <main>. */
export function RootErrorPage() {
  return (
    <main id="main-content">
      <ErrorPage />
    </main>
  );
}

export default ErrorPage;
