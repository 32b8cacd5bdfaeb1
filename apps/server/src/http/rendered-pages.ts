// Pages sent rendered, with their screen's data: the web build's render
// (apps/web/src/request-render.tsx, built into WEB_SSR_DIR) asks this server's API in process,
// through the same routes, checks and authorization as the browser's requests.
// - A member's page (decision 017), as the member whose cookie came with the page request.
// - A public page made from this server's settings (pricing, the account forms with or without
//   Google sign-in), rendered once, as a visitor, and sent to every visitor (its data changes only
//   with the settings, read at start).
// Any doubt (no session, a screen it does not render, a query that failed, an error) and the page
// is index.html, as without it.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** What the build's render makes of a page. */
interface RenderedPage {
  title: string;
  html: string;
  screens: string[];
  state: unknown;
}

/** The build's render (apps/web/src/request-render.tsx), as this server calls it. */
interface RequestRender {
  SETTINGS_PAGES: readonly SettingsPage[];
  renderMemberPage(
    url: string,
    request: { session: unknown; fetch: typeof fetch },
  ): Promise<RenderedPage | null>;
  renderSettingsPage(path: string, ask: typeof fetch): Promise<RenderedPage | null>;
}

/** dist-ssr/rendered-screens.json: each screen module's style sheets and scripts. */
type ScreenAssets = Record<string, { scripts: string[]; styles: string[] }>;

/** A public page made from the server's settings; a `form` page is sent only at its bare address. */
export interface SettingsPage {
  path: string;
  form?: boolean;
}

/** The pages this server renders (null: send index.html, as without them). */
export interface RenderedPages {
  /** The page a request asks for, as its member. */
  memberPage(request: FastifyRequest): Promise<string | null>;
  /** The public pages made from this server's settings. */
  settingsPages: readonly SettingsPage[];
  /** The settings page at `path`, as every visitor sees it. */
  settingsPage(path: string): Promise<string | null>;
}

/** WEB_SSR_DIR, and its rendered-page.html: index.html whose app src/app-on-demand.js loads. */
export interface RenderedPagesBuild {
  dir: string;
  html: string;
}

/**
 * Loads the render from the build, or null when it made none (the server then sends index.html
 * for these pages, as it does for every other page of the app).
 */
export async function loadRenderedPages(
  app: FastifyInstance,
  build: RenderedPagesBuild,
): Promise<RenderedPages | null> {
  const renderFile = path.join(build.dir, 'request-render.js');
  const assetsFile = path.join(build.dir, 'rendered-screens.json');
  if (!existsSync(renderFile) || !existsSync(assetsFile)) return null;
  const render = (await import(pathToFileURL(renderFile).href)) as RequestRender;
  const assets = JSON.parse(readFileSync(assetsFile, 'utf8')) as ScreenAssets;

  /** Only reads, through app.inject, with `headers` (and from `remoteAddress`, which per-address rules see). */
  const reader =
    (headers: Record<string, string>, remoteAddress?: string): typeof fetch =>
    async (input, init) => {
      if ((init?.method ?? 'GET') !== 'GET') throw new Error('A rendered page only reads.');
      const answer = await app.inject({
        method: 'GET',
        url: String(input),
        headers: { accept: 'application/json', ...headers },
        ...(remoteAddress ? { remoteAddress } : {}),
      });
      return new Response(answer.body, {
        status: answer.statusCode,
        headers: { 'content-type': String(answer.headers['content-type'] ?? '') },
      });
    };

  async function memberPage(request: FastifyRequest): Promise<string | null> {
    const cookie = request.headers.cookie;
    if (!cookie) return null;
    try {
      // The session lookup the API's own requests use (remembered per cookie, decision 010).
      const session = await app.sessions.lookup(request.headers);
      if (!session) return null;
      // The member only, as get-session's JSON has them: the session's token and address stay out of the page.
      const member = { user: JSON.parse(JSON.stringify(session.user)) };
      const asMember = reader({ cookie, 'user-agent': request.headers['user-agent'] ?? '' }, request.ip);
      const page = await render.renderMemberPage(request.url, { session: member, fetch: asMember });
      return page && pageHtml(build.html, page, assets, 'member');
    } catch (error) {
      request.log.error(
        { err: error, url: request.url },
        'A member page could not be rendered; sent unrendered.',
      );
      return null;
    }
  }

  async function settingsPage(pagePath: string): Promise<string | null> {
    try {
      const page = await render.renderSettingsPage(pagePath, reader({}));
      return page && pageHtml(build.html, page, assets, 'public');
    } catch (error) {
      app.log.error({ err: error, url: pagePath }, 'A public page could not be rendered; sent unrendered.');
      return null;
    }
  }

  return { memberPage, settingsPages: render.SETTINGS_PAGES, settingsPage };
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** JSON inside <script type="application/json">: no `<` (so no `</script>` or `<!--`) can end it early. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * rendered-page.html with the page inside #root, its title, its screens' style sheets, and its
 * state; the screens' scripts are listed for the page's loader (apps/web/src/app-on-demand.js),
 * which asks for them with the app's: once a member's page has painted, on a visitor's first move.
 */
function pageHtml(
  template: string,
  page: RenderedPage,
  assets: ScreenAssets,
  kind: 'member' | 'public',
): string {
  const styles = new Set(page.screens.flatMap((screen) => assets[screen]?.styles ?? []));
  const scripts = new Set(page.screens.flatMap((screen) => assets[screen]?.scripts ?? []));
  const links = [...styles].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`);
  const root = kind === 'member' ? '<div data-prerendered="member">' : '<div data-prerendered>';
  // Replaced by functions: a `$&` in a member's text is text, not a replacement pattern.
  return template
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(page.title)}</title>`)
    .replace('</head>', () => `${links.join('')}</head>`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${root}${page.html}</div></div>` +
        `<script type="application/json" id="page-state">${scriptJson(page.state)}</script>` +
        `<script type="application/json" id="screen-scripts">${scriptJson([...scripts].map((file) => `/${file}`))}</script>`,
    );
}
