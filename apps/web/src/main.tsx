import './lib/strict-csp.ts';
import 'virtual:theme.css';
import './theme/global.css';
import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers.tsx';
import { registerServiceWorker } from './app/register-sw.ts';
import { createRouter } from './app/router.tsx';
import { carryThroughTakeover } from './app/takeover.ts';
import { startI18n } from './i18n/index.ts';
import { createQueryClient } from './lib/query-client.ts';
import { primeSession, startSessionCheck } from './lib/session.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');

// One cache for the router's loaders (which start a screen's data early) and the screens.
const queryClient = createQueryClient();
// A page the server rendered came with what it was rendered from (src/request-render.tsx): a
// member's page with their session and its screen's data, the landing with the library, pricing
// with its plans, an account form with the server's public settings. The app starts from them
// instead of asking again.
const pageState = document.getElementById('page-state');
if (pageState?.textContent) {
  const { session, queries } = JSON.parse(pageState.textContent);
  if (session !== undefined) primeSession(session);
  hydrate(queryClient, queries);
}
// The session check starts at once; the screen's code and data with the router, next.
startSessionCheck();

/** The next task: what comes after it is not part of the one before (see `start`). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

/** Settles once `router` has the code of the first screen (it loads it at once). */
function firstScreenReady(router: ReturnType<typeof createRouter>): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * The app starts in three tasks, not one: the modules' evaluation (this file's, above), the
 * router's creation (it compiles every route and starts the first screen's code and data), then
 * the translations. In one, they were the longest task of a member's page; split, that page's
 * longest task is a third shorter (docs/performance.md, thirty-second session).
 */
async function start(container: HTMLElement): Promise<void> {
  await nextTask();
  const router = createRouter(queryClient);
  // A page sent rendered (a public one, src/prerender.tsx, or a member's, src/request-render.tsx)
  // stays on show until the app can render the whole screen over it in one go, instead of its
  // loading placeholder in between.
  const prerendered = container.firstElementChild?.hasAttribute('data-prerendered') ?? false;
  if (prerendered) carryThroughTakeover(container);
  await nextTask();
  // Rendered once the start language's translations are in (at once in English; Arabic waits for
  // its chunk), so no untranslated text ever shows.
  await Promise.all([startI18n(), prerendered ? firstScreenReady(router) : null]);
  // A transition: React renders in slices that leave the page responsive between them (the
  // prerendered page stays until the commit), instead of one long task.
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <Providers queryClient={queryClient}>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    ),
  );
}

void start(container);
registerServiceWorker();
