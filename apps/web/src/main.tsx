import './lib/strict-csp.ts';
import 'virtual:theme.css';
import './theme/global.css';
import './i18n/index.ts';
import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers.tsx';
import { registerServiceWorker } from './app/register-sw.ts';
import { createRouter } from './app/router.tsx';
import { carryThroughTakeover } from './app/takeover.ts';
import { i18nReady } from './i18n/index.ts';
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
// The session check and the screen's code start loading at once, side by side.
startSessionCheck();
const router = createRouter(queryClient);

/** Settles once the router has the code of the first screen (it loads it at once). */
function firstScreenReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

// A page sent rendered (a public one, src/prerender.tsx, or a member's, src/request-render.tsx) stays
// on show until the app can render the whole screen over it in one go, instead of its loading
// placeholder in between.
const prerendered = container.firstElementChild?.hasAttribute('data-prerendered') ?? false;
if (prerendered) carryThroughTakeover(container);

// Rendered once the start language's translations are in (at once in English; Arabic waits for
// its chunk), so no untranslated text ever shows.
// A transition: React renders in slices that leave the page responsive between them (the
// prerendered page stays until the commit), instead of one long task.
void Promise.all([i18nReady, prerendered ? firstScreenReady() : null]).then(() => {
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
});

registerServiceWorker();
