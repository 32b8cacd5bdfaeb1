// How React renders a page in Node: for the public pages at build time (src/prerender.tsx) and
// for the pages the server renders when asked for (src/request-render.tsx). In the language asked
// for; the app renders over the page once it runs (main.tsx). Nothing here runs in the browser.
import { byLanguage, type Language } from '@sahifa/contracts/languages';
import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import i18n from 'i18next';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import {
  createStaticHandler,
  createStaticRouter,
  type RouteObject,
  type StaticHandlerContext,
  StaticRouterProvider,
} from 'react-router';
import { documentTitle, routeTitleKey } from './app/page-title.tsx';
import ar from './i18n/ar.json';
import en from './i18n/en.json';
import { AuthProvider } from './lib/auth.tsx';
import { type PageNaming, PageNamingContext } from './lib/page-name.ts';
import { ARABIC_FONT_FILES } from './theme/arabic-fonts.ts';
import { ThemeProvider } from './theme/ThemeProvider.tsx';

/** One i18next per language, each with every text loaded: a render picks one, and nothing switches. */
const translators = byLanguage((language) => {
  const translator = i18n.createInstance();
  void translator.init({
    lng: language,
    fallbackLng: 'en',
    resources: { en: { translation: en }, ar: { translation: ar } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    initAsync: false,
  });
  return translator;
});

export interface RenderedPage {
  /** The document title, as the app sets it on this page. */
  title: string;
  /** The page's meta description, in its language. */
  description: string;
  /** What goes inside #root. */
  html: string;
  /** The language it is written in. */
  language: Language;
  /** The web font files its text is set in, for the page to ask for at once (`<link rel="preload">`). */
  fonts: readonly string[];
}

/** A path's routes, their code loaded: ready to render. */
export interface RoutedPage {
  handler: ReturnType<typeof createStaticHandler>;
  context: StaticHandlerContext;
}

/** Answers paths from `routes`: made once, used for every page. */
export const pageHandler = (routes: RouteObject[]) => createStaticHandler(routes);

/** Loads the code of `path`'s routes; a status instead when the path redirects or fails. */
export async function routePage(handler: RoutedPage['handler'], path: string): Promise<RoutedPage | number> {
  const context = await handler.query(new Request(new URL(path, 'http://localhost')));
  if (context instanceof Response) return context.status;
  if (context.statusCode !== 200) return context.statusCode;
  return { handler, context };
}

/**
 * Renders a routed page in `language` (synchronously: nothing else runs while it renders) from
 * `queryClient`'s data.
 */
export function renderPage(
  { handler, context }: RoutedPage,
  queryClient: QueryClient,
  language: Language,
): RenderedPage {
  const router = createStaticRouter(handler.dataRoutes, context);
  const translator = translators[language];
  const screen: { name: string | null } = { name: null };
  const naming: PageNaming = { name: (name) => (screen.name = name), duringRender: true };
  const html = renderToString(
    <StrictMode>
      <PageNamingContext.Provider value={naming}>
        <I18nextProvider i18n={translator}>
          <QueryClientProvider client={queryClient}>
            <ThemeProvider>
              <AuthProvider>
                {/* hydrate={false}: no inline data script (the CSP forbids inline scripts). */}
                <StaticRouterProvider router={router} context={context} hydrate={false} />
              </AuthProvider>
            </ThemeProvider>
          </QueryClientProvider>
        </I18nextProvider>
      </PageNamingContext.Provider>
    </StrictMode>,
  );
  const titleKey = routeTitleKey(context.matches.map((match) => match.route.handle));
  const fonts = language === 'ar' ? ARABIC_FONT_FILES : [];
  return {
    title: documentTitle(translator.t, screen.name ?? (titleKey ? translator.t(titleKey) : undefined)),
    description: translator.t('common.description'),
    html,
    language,
    fonts,
  };
}
