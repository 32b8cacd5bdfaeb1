// The public pages' first paint, rendered at build time (`npm run build`, scripts/prerender.mjs):
// their HTML, in English and signed out, goes into a copy of index.html, so a first visit shows
// the page while the app's script is still on its way. The app then renders over it
// (main.tsx); nothing here runs in the browser.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18n from 'i18next';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { documentTitle } from './app/page-title.tsx';
import { createRoutes } from './app/router.tsx';
import en from './i18n/en.json';
import { AuthProvider } from './lib/auth.tsx';
import { ThemeProvider } from './theme/ThemeProvider.tsx';

/**
 * Pages whose content is the same for every visitor and has nothing to type into (a form shown
 * before the app runs would lose what was typed when the app takes over), with the module of
 * their screen as router.tsx loads it: its style sheets and scripts are linked from the page.
 */
export const PRERENDERED_PAGES = [
  { path: '/', screen: 'src/app/routes/LandingRoute.tsx' },
  { path: '/about', screen: 'src/features/marketing/routes/AboutPage.tsx' },
  { path: '/privacy-policy', screen: 'src/features/marketing/routes/PrivacyPage.tsx' },
  { path: '/terms-conditions', screen: 'src/features/marketing/routes/TermsPage.tsx' },
] as const;

await i18n.use(initReactI18next).init({
  lng: 'en',
  resources: { en: { translation: en } },
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
  initAsync: false,
});

export interface PrerenderedPage {
  /** The document title, as the app sets it on this page. */
  title: string;
  /** What goes inside #root. */
  html: string;
}

export async function prerender(path: string): Promise<PrerenderedPage> {
  const handler = createStaticHandler(createRoutes());
  const context = await handler.query(new Request(new URL(path, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${path} redirects; it cannot be prerendered.`);
  if (context.statusCode !== 200) throw new Error(`${path} answers ${context.statusCode}.`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <QueryClientProvider client={new QueryClient()}>
        <ThemeProvider>
          <AuthProvider>
            {/* hydrate={false}: no inline data script (the CSP forbids inline scripts). */}
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AuthProvider>
        </ThemeProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
  const titleKey = [...context.matches].reverse().find((m) => (m.route.handle as { title?: string })?.title)
    ?.route.handle.title as string | undefined;
  return { title: documentTitle(i18n.t, titleKey), html };
}
