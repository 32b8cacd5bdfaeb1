// The document title: the name the screen on show gives itself (lib/page-name.ts), else the
// deepest matched route's `handle.title`.
import { type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type UIMatch, useMatches } from 'react-router';
import { type PageNaming, PageNamingContext } from '#web/lib/page-name.ts';

type Translate = (key: string) => string;

/** "About · Sahifa" for the page named "About", or the app's name and tagline for an unnamed one. */
export function documentTitle(t: Translate, name: string | undefined) {
  const app = t('common.appName');
  return name ? `${name} · ${app}` : `${app} — ${t('common.tagline')}`;
}

/** Route `handle` data: the translation key of the page title. */
export interface RouteHandle {
  title?: string;
}

/** The translation key of the title of the deepest route that has one. */
export function routeTitleKey(handles: unknown[]): string | undefined {
  return (handles as (RouteHandle | undefined)[]).findLast((handle) => handle?.title)?.title;
}

/** Sets the document title for every screen below it. */
export function PageTitle({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [screenName, setScreenName] = useState<string | null>(null);
  const ownNaming = useMemo<PageNaming>(() => ({ name: setScreenName }), []);
  // In the server's render, the screens name the page to the server (server-render.tsx).
  const outer = useContext(PageNamingContext);
  const matches = useMatches() as UIMatch<unknown, RouteHandle | undefined>[];
  const key = routeTitleKey(matches.map((match) => match.handle));
  const name = screenName ?? (key ? t(key) : undefined);
  useEffect(() => {
    document.title = documentTitle(t, name);
  }, [t, name]);
  // Search engines and link previews read it; it follows the reader's language as the title does.
  useEffect(() => {
    document.querySelector('meta[name="description"]')?.setAttribute('content', t('common.description'));
  }, [t]);
  return (
    <PageNamingContext.Provider value={outer.duringRender ? outer : ownNaming}>
      {children}
    </PageNamingContext.Provider>
  );
}
