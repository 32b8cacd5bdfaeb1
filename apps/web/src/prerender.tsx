// The public pages' first paint, rendered at build time (`npm run build`, scripts/prerender.mjs):
// their HTML, in each language and signed out, goes into a copy of index.html, so a first visit
// shows the page while the app's script is still on its way. The app then renders over it
// (main.tsx); nothing here runs in the browser.
import type { Language } from '@sahifa/contracts/languages';
import { QueryClient } from '@tanstack/react-query';
import { createRoutes } from './app/router.tsx';
import { pageHandler, type RenderedPage, renderPage, routePage } from './server-render.tsx';

/** Each page is written in each language into the shell (scripts/prerender.mjs, which runs this build, not the sources). */
export { LANGUAGES } from '@sahifa/contracts/languages';
export { fillShell, SHELL_HTML_TAG, SHELL_ROOT } from '@sahifa/contracts/page-shell';

/**
 * Pages whose content is the same for every visitor of every server, with the module of their
 * screen as router.tsx loads it: its style sheets and scripts are linked from the page. The
 * public pages that show a server's answers (pricing, the account forms) are rendered by the
 * server instead (src/request-render.tsx), and so is the landing with its library: its page here,
 * with the library still to come, is what the server sends without that render.
 */
export const PRERENDERED_PAGES = [
  { path: '/', screen: 'src/app/routes/LandingRoute.tsx' },
  { path: '/about', screen: 'src/features/marketing/routes/AboutPage.tsx' },
  { path: '/privacy-policy', screen: 'src/features/marketing/routes/PrivacyPage.tsx' },
  { path: '/terms-conditions', screen: 'src/features/marketing/routes/TermsPage.tsx' },
] as const;

const handler = pageHandler(createRoutes());

export async function prerender(path: string, language: Language): Promise<RenderedPage> {
  const routed = await routePage(handler, path);
  if (typeof routed === 'number') throw new Error(`${path} answers ${routed}; it cannot be prerendered.`);
  return renderPage(routed, new QueryClient(), language);
}
