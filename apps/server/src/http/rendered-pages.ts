// Pages sent rendered, with their screen's data: the web build's render
// (apps/web/src/request-render.tsx, built into WEB_SSR_DIR) asks this server's API in process,
// through the same routes, checks and authorization as the browser's requests.
// - A member's page (decision 017), as the member whose cookie came with the page request.
// - A public page made from this server's answers (the landing with its library, pricing, the
//   account forms with or without Google sign-in), rendered as a visitor in each language and sent
//   to every visitor in that language until an answer it was made from changes: a visit asks those
//   answers again (in process, at most once a second) and renders the page again when one differs.
// Both in the request's language (page-language.ts).
// Any doubt (no session, a screen it does not render, a query that failed, an error) and the page
// is index.html, as without it.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Language } from '@sahifa/contracts/languages';
import { fillShell } from '@sahifa/contracts/page-shell';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pageLanguage } from './page-language.ts';
import { type RememberedBytes, rememberBytes } from './remembered-bytes.ts';

/**
 * A public page's answers are asked again at most this often: asking costs about two visits of a
 * page sent as it is (docs/performance.md), and the library's answers are themselves remembered
 * for seconds (LIBRARY_CACHE_SECONDS).
 */
export const ANSWERS_CHECKED_EVERY_MS = 1000;

/** What the build's render makes of a page. */
interface RenderedPage {
  title: string;
  description: string;
  html: string;
  language: Language;
  /** Web font files its text is set in: asked for with its style sheets. */
  fonts: string[];
  screens: string[];
  state: unknown;
}

/** The build's render (apps/web/src/request-render.tsx), as this server calls it. */
interface RequestRender {
  PUBLIC_PAGES: readonly PublicPage[];
  renderMemberPage(
    url: string,
    request: { session: unknown; fetch: typeof fetch; language: Language },
  ): Promise<RenderedPage | null>;
  renderPublicPage(path: string, ask: typeof fetch, language: Language): Promise<RenderedPage | null>;
  isAppPage(path: string): boolean;
}

/** dist-ssr/rendered-screens.json: each screen module's style sheets and scripts. */
type ScreenAssets = Record<string, { scripts: string[]; styles: string[] }>;

/** A public page made from the server's answers; a `form` page is sent only at its bare address. */
export interface PublicPage {
  path: string;
  form?: boolean;
}

/** The pages this server renders (null: send index.html, as without them). */
export interface RenderedPages {
  /** The page a request asks for, as its member. */
  memberPage(request: FastifyRequest): Promise<string | null>;
  /** The public pages made from this server's answers. */
  publicPages: readonly PublicPage[];
  /** The public page at `path` in `language`, as every visitor sees it now. */
  publicPage(path: string, language: Language): Promise<RememberedBytes | null>;
  /** Whether the app has a page at `url` (its router's not-found page does not count). */
  isPage(url: string): boolean;
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

  /** One API answer, asked in process with `headers` (and from `remoteAddress`, which per-address rules see). */
  const ask = (url: string, headers: Record<string, string> = {}, remoteAddress?: string) =>
    app.inject({
      method: 'GET',
      url,
      headers: { accept: 'application/json', ...headers },
      ...(remoteAddress ? { remoteAddress } : {}),
    });

  /** The render's fetch: only reads; `answered` hears each answer. */
  const reader =
    (
      headers: Record<string, string>,
      remoteAddress?: string,
      answered?: (url: string, body: string) => void,
    ): typeof fetch =>
    async (input, init) => {
      if ((init?.method ?? 'GET') !== 'GET') throw new Error('A rendered page only reads.');
      const answer = await ask(String(input), headers, remoteAddress);
      answered?.(String(input), answer.body);
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
      const page = await render.renderMemberPage(request.url, {
        session: member,
        fetch: asMember,
        language: pageLanguage(request.headers),
      });
      return page && pageHtml(build.html, page, assets, 'member');
    } catch (error) {
      request.log.error(
        { err: error, url: request.url },
        'A member page could not be rendered; sent unrendered.',
      );
      return null;
    }
  }

  /**
   * Each public page (by language and path, pageKey) as last rendered, with the answers (by
   * address) it was made from, and when they were last the same.
   */
  const rendered = new Map<
    string,
    { bytes: RememberedBytes; answers: Map<string, string>; checkedAt: number }
  >();
  /** A page being rendered: the visits that come meanwhile wait for the same render. */
  const rendering = new Map<string, Promise<RememberedBytes | null>>();

  const pageKey = (pagePath: string, language: Language) => `${language} ${pagePath}`;

  async function renderPublic(pagePath: string, language: Language): Promise<RememberedBytes | null> {
    const answers = new Map<string, string>();
    try {
      const page = await render.renderPublicPage(
        pagePath,
        reader({}, undefined, (url, body) => answers.set(url, body)),
        language,
      );
      if (!page) return null;
      const bytes = rememberBytes(Buffer.from(pageHtml(build.html, page, assets, 'public')));
      rendered.set(pageKey(pagePath, language), { bytes, answers, checkedAt: Date.now() });
      return bytes;
    } catch (error) {
      app.log.error({ err: error, url: pagePath }, 'A public page could not be rendered; sent unrendered.');
      return null;
    }
  }

  async function answersUnchanged(answers: Map<string, string>): Promise<boolean> {
    for (const [url, body] of answers) if ((await ask(url)).body !== body) return false;
    return true;
  }

  async function publicPage(pagePath: string, language: Language): Promise<RememberedBytes | null> {
    const key = pageKey(pagePath, language);
    const known = rendered.get(key);
    if (known) {
      const now = Date.now();
      if (now - known.checkedAt < ANSWERS_CHECKED_EVERY_MS) return known.bytes;
      if (await answersUnchanged(known.answers)) {
        known.checkedAt = now;
        return known.bytes;
      }
    }
    let next = rendering.get(key);
    if (!next) {
      next = renderPublic(pagePath, language).finally(() => rendering.delete(key));
      rendering.set(key, next);
    }
    return next;
  }

  const isPage = (url: string) => render.isAppPage(new URL(url, 'http://localhost').pathname);

  return { memberPage, publicPages: render.PUBLIC_PAGES, publicPage, isPage };
}

/** JSON inside <script type="application/json">: no `<` (so no `</script>` or `<!--`) can end it early. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * rendered-page.html filled with the page (fillShell: its language, title, style sheets and
 * fonts) and its state; the screens' scripts are listed for the page's loader
 * (apps/web/src/app-on-demand.js), which asks for them with the app's: once a member's page has
 * painted, on a visitor's first move.
 */
function pageHtml(
  template: string,
  page: RenderedPage,
  assets: ScreenAssets,
  kind: 'member' | 'public',
): string {
  const styles = new Set(page.screens.flatMap((screen) => assets[screen]?.styles ?? []));
  const scripts = new Set(page.screens.flatMap((screen) => assets[screen]?.scripts ?? []));
  return fillShell(template, {
    ...page,
    styles: [...styles],
    kind,
    afterRoot:
      `<script type="application/json" id="page-state">${scriptJson(page.state)}</script>` +
      `<script type="application/json" id="screen-scripts">${scriptJson([...scripts].map((file) => `/${file}`))}</script>`,
  });
}
