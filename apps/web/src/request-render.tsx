// Pages the server renders when they are asked for (apps/server/src/http/rendered-pages.ts), with
// the data their screen would have asked for, so that they are read while the app's script is
// still on its way (decisions 011 and 017). The app then renders over them from the same data
// (main.tsx). Nothing here runs in the browser.
// - A member's home and reader, as that member sees them.
// - The public pages made from the server's answers, the same for every visitor: the landing (the
//   library), pricing, and the account forms (which show whether Google sign-in is on).
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Language } from '@sahifa/contracts/languages';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { matchRoutes } from 'react-router';
import { createRoutes } from './app/router.tsx';
import { screenDataOf } from './app/screen-data.ts';
import { publicConfigQueryOptions } from './features/auth/api/public-config.ts';
import { plansQueryOptions } from './features/billing/api/plans.ts';
import { setApiTransport } from './lib/api.ts';
import { libraryOverviewQueryOptions } from './lib/library-overview.ts';
import { primeSession } from './lib/session.ts';
import { pageHandler, type RenderedPage, renderPage, routePage } from './server-render.tsx';

/** The app's layout, around every member screen. */
export const MEMBER_LAYOUT = 'src/app/layouts/AppLayout.tsx';

/** The screens rendered by the server (their route's path under /app, and their module). */
export const MEMBER_SCREENS = [
  { route: 'home', screen: 'src/app/routes/HomeRoute.tsx' },
  { route: ':categoryId/:bookId', screen: 'src/app/routes/ReaderRoute.tsx' },
] as const;

/** Starts the public settings' query (Google sign-in), which the account forms show. */
const publicConfig = (client: QueryClient) => void client.prefetchQuery(publicConfigQueryOptions());

/**
 * Public pages whose content comes from the server's answers (its library, its settings), with the
 * queries their screen asks for: the server renders each when first asked for, sends it to every
 * visitor, and renders it again when an answer it was made from has changed. A `form` page is sent
 * only at its bare address (a query there changes what it shows), and what is typed into it before
 * the app runs is carried into the app (app/takeover.ts).
 */
export const PUBLIC_PAGES = [
  {
    path: '/',
    screen: 'src/app/routes/LandingRoute.tsx',
    start: (client: QueryClient) => void client.prefetchQuery(libraryOverviewQueryOptions()),
  },
  {
    path: '/pricing',
    screen: 'src/features/billing/routes/PricingPage.tsx',
    start: (client: QueryClient) => void client.prefetchQuery(plansQueryOptions()),
  },
  { path: '/sign-up', screen: 'src/features/auth/routes/SignUpPage.tsx', start: publicConfig, form: true },
  { path: '/login', screen: 'src/features/auth/routes/LoginPage.tsx', start: publicConfig, form: true },
  {
    path: '/forgot-password',
    screen: 'src/features/auth/routes/ForgotPasswordPage.tsx',
    start: publicConfig,
    form: true,
  },
] as const;

/** What one request to the server's render brings: the member's session and a way to ask the API as them. */
export interface MemberRequest {
  /** get-session's answer for this member. */
  session: unknown;
  /** Answers the app's API calls (same-origin paths) as this member. */
  fetch: typeof fetch;
  /** The language the page is asked in (the server's pageLanguage). */
  language: Language;
}

export interface ServerRenderedPage extends RenderedPage {
  /** The modules of the page's screens (MEMBER_LAYOUT, MEMBER_SCREENS, PUBLIC_PAGES): their style sheets are linked. */
  screens: string[];
  /** What the app starts from (main.tsx): the member's session, if any, and the screen's answered queries. */
  state: { session?: unknown; queries: unknown };
}

/** Where the app's API calls go while a page renders: the request's own fetch. */
const requests = new AsyncLocalStorage<{ fetch: typeof fetch }>();
setApiTransport((input, init) => {
  const request = requests.getStore();
  if (!request) throw new Error('An API call outside a server render.');
  return request.fetch(input, init);
});

const routes = createRoutes();
const handler = pageHandler(routes);

/** Whether `path` is a page of the app's: a route answers it other than a not-found one (`*`). */
export function isAppPage(path: string): boolean {
  return matchRoutes(routes, path)?.at(-1)?.route.path !== '*';
}

/**
 * The page at `url` as `request`'s member sees it, or null when it is not one of MEMBER_SCREENS
 * or one of its queries did not answer (the app then starts as it would without it).
 */
export async function renderMemberPage(
  url: string,
  request: MemberRequest,
): Promise<ServerRenderedPage | null> {
  const path = new URL(url, 'http://localhost').pathname;
  const matches = matchRoutes(routes, path);
  const screen = MEMBER_SCREENS.find((s) => matches?.at(-1)?.route.path === s.route);
  if (!matches || !screen) return null;
  // The queries the routes' loaders start in the browser (app/screen-data.ts), asked as the member.
  const start = (client: QueryClient) => {
    for (const match of matches) screenDataOf(match.route.loader)?.(client, match.params);
  };
  return renderWithData(url, request, start, [MEMBER_LAYOUT, screen.screen]);
}

/** The public page at `path` (one of PUBLIC_PAGES) in `language`, with its data from `ask`; null as renderMemberPage. */
export async function renderPublicPage(
  path: string,
  ask: typeof fetch,
  language: Language,
): Promise<ServerRenderedPage | null> {
  const page = PUBLIC_PAGES.find((p) => p.path === path);
  if (!page) return null;
  return renderWithData(path, { session: undefined, fetch: ask, language }, page.start, [page.screen]);
}

async function renderWithData(
  url: string,
  request: MemberRequest,
  start: (client: QueryClient) => void,
  screens: string[],
): Promise<ServerRenderedPage | null> {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await requests.run(request, async () => {
    start(queryClient);
    await Promise.allSettled(
      queryClient
        .getQueryCache()
        .getAll()
        .map((query) => query.promise),
    );
  });
  const queries = queryClient.getQueryCache().getAll();
  if (queries.length === 0 || queries.some((query) => query.state.status !== 'success')) return null;

  const routed = await routePage(handler, url);
  if (typeof routed === 'number') return null;
  // The session store is the module's: set for this render only, which nothing interrupts.
  primeSession(request.session ?? null);
  try {
    const page = renderPage(routed, queryClient, request.language);
    return { ...page, screens, state: { session: request.session, queries: dehydrate(queryClient) } };
  } finally {
    primeSession(null);
  }
}
