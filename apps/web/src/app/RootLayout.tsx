import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { InstallPrompt } from './install-prompt/InstallPrompt.tsx';
import { PageTitle } from './page-title.tsx';
import styles from './RootLayout.module.css';

/** Above every screen: the install prompt, a navigation progress bar, titles and scroll restoration. */
export function RootLayout() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  return (
    <PageTitle>
      {navigation.state === 'loading' ? (
        <div className={styles.progress} role="progressbar" aria-label={t('common.loadingPage')} />
      ) : null}
      <Outlet />
      <InstallPrompt />
      <ScrollRestoration />
    </PageTitle>
  );
}
