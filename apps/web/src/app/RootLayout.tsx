import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, type UIMatch, useMatches, useNavigation } from 'react-router';
import { InstallPrompt } from './install-prompt/InstallPrompt.tsx';
import styles from './RootLayout.module.css';

/** Route `handle` data: the translation key of the page title. */
export interface RouteHandle {
  title?: string;
}

function usePageTitle() {
  const { t } = useTranslation();
  const matches = useMatches() as UIMatch<unknown, RouteHandle | undefined>[];
  const match = [...matches].reverse().find((m) => m.handle?.title);
  const key = match?.handle?.title;
  const params = match?.params;
  useEffect(() => {
    const app = t('common.appName');
    document.title = key ? `${t(key, params)} · ${app}` : `${app} — ${t('common.tagline')}`;
  }, [t, key, params]);
}

/** Above every screen: the install prompt, a navigation progress bar, titles and scroll restoration. */
export function RootLayout() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  usePageTitle();
  return (
    <>
      {navigation.state === 'loading' ? (
        <div className={styles.progress} role="progressbar" aria-label={t('common.loadingPage')} />
      ) : null}
      <Outlet />
      <InstallPrompt />
      <ScrollRestoration />
    </>
  );
}
