// A member's page rendered by the server when it is asked for (apps/server/src/http/member-pages.ts),
// with the data its screen would have asked for: on a first visit the member reads it while the
// app's script is still on its way, instead of after the script, the session check and the
// screen's requests (decision 017). The app then renders over it from the same data (main.tsx).
// Nothing here runs in the browser.
import { AsyncLocalStorage } from 'node:async_hooks';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { matchRoutes } from 'react-router';
import { createRoutes } from './app/router.tsx';
import { screenDataOf } from './app/screen-data.ts';
import { setApiTransport } from './lib/api.ts';
import { primeSession } from './lib/session.ts';
import { pageHandler, type RenderedPage, renderPage, routePage } from './server-render.tsx';

/** The app's layout, around every member screen. */
export const MEMBER_LAYOUT = 'src/app/layouts/AppLayout.tsx';

/** The screens rendered by the server (their route's path under /app, and their module). */
export const MEMBER_SCREENS = [
  { route: 'home', screen: 'src/app/routes/HomeRoute.tsx' },
  { route: ':categoryId/:bookId', screen: 'src/app/routes/ReaderRoute.tsx' },
] as const;

/** What one request to the server's render brings: the member's session and a way to ask the API as them. */
export interface MemberRequest {
  /** get-session's answer for this member. */
  session: unknown;
  /** Answers the app's API calls (same-origin paths) as this member. */
  fetch: typeof fetch;
}

export interface MemberPage extends RenderedPage {
  /** The modules of the page's screens, in MEMBER_LAYOUT and MEMBER_SCREENS: their style sheets are linked. */
  screens: string[];
  /** What the app starts from (main.tsx): the session and the screen's answered queries. */
  state: { session: unknown; queries: unknown };
}

const requests = new AsyncLocalStorage<MemberRequest>();
setApiTransport((input, init) => {
  const request = requests.getStore();
  if (!request) throw new Error('An API call outside a member render.');
  return request.fetch(input, init);
});

const routes = createRoutes();
const handler = pageHandler(routes);

/**
 * The page at `url` as `request`'s member sees it, or null when it is not one of MEMBER_SCREENS
 * or one of its queries did not answer (the app then starts as it would without it).
 */
export async function renderMemberPage(url: string, request: MemberRequest): Promise<MemberPage | null> {
  const path = new URL(url, 'http://localhost').pathname;
  const matches = matchRoutes(routes, path);
  const screen = MEMBER_SCREENS.find((s) => matches?.at(-1)?.route.path === s.route);
  if (!matches || !screen) return null;

  // The queries the routes' loaders start in the browser (app/screen-data.ts), asked as the member.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await requests.run(request, async () => {
    for (const match of matches) screenDataOf(match.route.loader)?.(queryClient, match.params);
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
  primeSession(request.session);
  try {
    const page = renderPage(routed, queryClient);
    return {
      ...page,
      screens: [MEMBER_LAYOUT, screen.screen],
      state: { session: request.session, queries: dehydrate(queryClient) },
    };
  } finally {
    primeSession(null);
  }
}
