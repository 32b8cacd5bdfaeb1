// The public pages' first paint, rendered at build time (`npm run build`, scripts/prerender.mjs):
// their HTML, in English and signed out, goes into a copy of index.html, so a first visit shows
// the page while the app's script is still on its way. The app then renders over it
// (main.tsx); nothing here runs in the browser.
import type { PublicConfig } from '@sahifa/contracts';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { createRoutes } from './app/router.tsx';
import { publicConfigQueryOptions } from './features/auth/api/public-config.ts';
import { pageHandler, type RenderedPage, renderPage, routePage } from './server-render.tsx';

/**
 * Pages whose content is the same for every visitor, with the module of their screen as
 * router.tsx loads it: its style sheets and scripts are linked from the page. A `form` page is
 * the same for every visitor of one server, whose public settings (Google sign-in) it shows: it
 * is rendered once for each, and what a visitor types into it before the app runs is carried
 * into the app (app/takeover.ts).
 */
export const PRERENDERED_PAGES = [
  { path: '/', screen: 'src/app/routes/LandingRoute.tsx' },
  { path: '/about', screen: 'src/features/marketing/routes/AboutPage.tsx' },
  { path: '/privacy-policy', screen: 'src/features/marketing/routes/PrivacyPage.tsx' },
  { path: '/terms-conditions', screen: 'src/features/marketing/routes/TermsPage.tsx' },
  { path: '/sign-up', screen: 'src/features/auth/routes/SignUpPage.tsx', form: true },
  { path: '/login', screen: 'src/features/auth/routes/LoginPage.tsx', form: true },
  { path: '/forgot-password', screen: 'src/features/auth/routes/ForgotPasswordPage.tsx', form: true },
] as const;

export interface PrerenderedPage extends RenderedPage {
  /** The queries the page was rendered from, for the app to start from (main.tsx); none without `config`. */
  queries: unknown;
}

const handler = pageHandler(createRoutes());

/** The page at `path`; with `config`, as a server with those public settings shows it. */
export async function prerender(path: string, config?: PublicConfig): Promise<PrerenderedPage> {
  const routed = await routePage(handler, path);
  if (typeof routed === 'number') throw new Error(`${path} answers ${routed}; it cannot be prerendered.`);
  const queryClient = new QueryClient();
  if (config) queryClient.setQueryData(publicConfigQueryOptions().queryKey, config);
  const page = renderPage(routed, queryClient);
  return { ...page, queries: config ? dehydrate(queryClient) : null };
}
