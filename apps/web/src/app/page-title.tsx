// The document title: the deepest matched route's `handle.title`, unless the screen on show says
// it is something else (the console shows the not-found page to non-operators, under that title).
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type UIMatch, useMatches } from 'react-router';

type Translate = (key: string, params?: Record<string, string | undefined>) => string;

/** "About · Sahifa", or the app's name and tagline on a page without a title of its own. */
export function documentTitle(
  t: Translate,
  key: string | undefined,
  params?: Record<string, string | undefined>,
) {
  const app = t('common.appName');
  return key ? `${t(key, params)} · ${app}` : `${app} — ${t('common.tagline')}`;
}

/** Route `handle` data: the translation key of the page title. */
export interface RouteHandle {
  title?: string;
}

const TitleOverride = createContext<(key: string | null) => void>(() => {});

/** Sets the document title for every screen below it. */
export function PageTitle({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [override, setOverride] = useState<string | null>(null);
  const matches = useMatches() as UIMatch<unknown, RouteHandle | undefined>[];
  const match = [...matches].reverse().find((m) => m.handle?.title);
  const key = override ?? match?.handle?.title;
  const params = match?.params;
  useEffect(() => {
    document.title = documentTitle(t, key, params);
  }, [t, key, params]);
  // Search engines and link previews read it; it follows the reader's language as the title does.
  useEffect(() => {
    document.querySelector('meta[name="description"]')?.setAttribute('content', t('common.description'));
  }, [t]);
  return <TitleOverride.Provider value={setOverride}>{children}</TitleOverride.Provider>;
}

/** While mounted, the page is titled by `key` instead of its route's title. */
export function useTitleOverride(key: string) {
  const setOverride = useContext(TitleOverride);
  useEffect(() => {
    setOverride(key);
    return () => setOverride(null);
  }, [key, setOverride]);
}
