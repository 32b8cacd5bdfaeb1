// A member's page sent rendered, with its screen's data (decision 017): the web build's render
// (apps/web/src/member-render.tsx, built into WEB_SSR_DIR) asks this server's API in process, as
// the member whose cookie came with the page request, through the same routes, checks and
// authorization as the browser's requests. Any doubt (no session, a screen it does not render,
// a query that failed, an error) and the page is index.html, as without it.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The build's render (apps/web/src/member-render.tsx), as this server calls it. */
interface MemberRender {
  renderMemberPage(
    url: string,
    request: { session: unknown; fetch: typeof fetch },
  ): Promise<{ title: string; html: string; screens: string[]; state: unknown } | null>;
}

/** dist-ssr/member-screens.json: each screen module's style sheets and scripts. */
type ScreenAssets = Record<string, { scripts: string[]; styles: string[] }>;

/** Renders the page a request asks for, as its member; null when it is not to be rendered here. */
export type MemberPages = (request: FastifyRequest) => Promise<string | null>;

/** WEB_SSR_DIR, and its member-page.html: index.html whose app comes once the page has painted. */
export interface MemberPagesBuild {
  dir: string;
  html: string;
}

/**
 * Loads the render from the build, or null when it made none (the server then sends index.html
 * for members' pages, as it does for every other page of the app).
 */
export async function loadMemberPages(
  app: FastifyInstance,
  build: MemberPagesBuild,
): Promise<MemberPages | null> {
  const renderFile = path.join(build.dir, 'member-render.js');
  const assetsFile = path.join(build.dir, 'member-screens.json');
  if (!existsSync(renderFile) || !existsSync(assetsFile)) return null;
  const render = (await import(pathToFileURL(renderFile).href)) as MemberRender;
  const assets = JSON.parse(readFileSync(assetsFile, 'utf8')) as ScreenAssets;

  return async (request) => {
    const cookie = request.headers.cookie;
    if (!cookie) return null;
    // Only reads, as this member, from where they are (any per-address rule sees them).
    const fetchAsMember: typeof fetch = async (input, init) => {
      if ((init?.method ?? 'GET') !== 'GET') throw new Error('A member page only reads.');
      const answer = await app.inject({
        method: 'GET',
        url: String(input),
        headers: { cookie, accept: 'application/json', 'user-agent': request.headers['user-agent'] ?? '' },
        remoteAddress: request.ip,
      });
      return new Response(answer.body, {
        status: answer.statusCode,
        headers: { 'content-type': String(answer.headers['content-type'] ?? '') },
      });
    };
    try {
      // The session lookup the API's own requests use (remembered per cookie, decision 010).
      const session = await app.sessions.lookup(request.headers);
      if (!session) return null;
      // The member only, as get-session's JSON has them: the session's token and address stay out of the page.
      const member = { user: JSON.parse(JSON.stringify(session.user)) };
      const page = await render.renderMemberPage(request.url, { session: member, fetch: fetchAsMember });
      return page && pageHtml(build.html, page, assets);
    } catch (error) {
      request.log.error(
        { err: error, url: request.url },
        'A member page could not be rendered; sent unrendered.',
      );
      return null;
    }
  };
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** JSON inside <script type="application/json">: no `<` (so no `</script>` or `<!--`) can end it early. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * member-page.html with the page inside #root, its title, its screens' style sheets, and its state;
 * the screens' scripts are listed for the page's loader (apps/web/src/app-on-demand.js), which
 * asks for them with the app's once the page has painted.
 */
function pageHtml(
  template: string,
  page: { title: string; html: string; screens: string[]; state: unknown },
  assets: ScreenAssets,
): string {
  const styles = new Set(page.screens.flatMap((screen) => assets[screen]?.styles ?? []));
  const scripts = new Set(page.screens.flatMap((screen) => assets[screen]?.scripts ?? []));
  const links = [...styles].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`);
  // Replaced by functions: a `$&` in a member's text is text, not a replacement pattern.
  return template
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(page.title)}</title>`)
    .replace('</head>', () => `${links.join('')}</head>`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root"><div data-prerendered="member">${page.html}</div></div>` +
        `<script type="application/json" id="page-state">${scriptJson(page.state)}</script>` +
        `<script type="application/json" id="screen-scripts">${scriptJson([...scripts].map((file) => `/${file}`))}</script>`,
    );
}
