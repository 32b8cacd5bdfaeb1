// Serves the built PWA (WEB_DIST_DIR) on the same origin as the API.
// - /assets/* are content-hashed by Vite: cached for a year, immutable.
// - Everything else (index.html, service-worker.js, manifest…) must be revalidated,
//   or a deployed update would never reach installed apps.
// - Unknown non-API paths that ask for HTML get index.html: the router in the page takes over.
//   A path the app's router has no page for (asked of the build's render) gets it with a 404, so
//   that search engines and link checkers see what the app then shows: "Page not found".
// - The public pages the build prerendered (prerendered/<language>/<page>.html) are sent instead
//   of index.html at their own paths, in the request's language (page-language.ts), so a first
//   visit paints before the script has run.
// - A member's home and reader are sent rendered for them, with their data, and the landing,
//   pricing and the account forms rendered from this server's answers (rendered-pages.ts). A form
//   only at its bare address: a query there may change what it shows (a notice, or a member who
//   has just confirmed their email sent on into the app), which the app then does.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { byLanguage, LANGUAGES, type Language } from '@sahifa/contracts/languages';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '#server/config.ts';
import type { NotFoundFallback } from './errors.ts';
import { pageLanguage, VARIES_BY_LANGUAGE } from './page-language.ts';
import { type RememberedBytes, rememberBytes, sendRemembered } from './remembered-bytes.ts';
import { loadRenderedPages, type RenderedPagesBuild } from './rendered-pages.ts';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** Adds the analytics script (if configured) once, at start. */
export function withAnalytics(html: string, scriptUrl: string | null): string {
  if (!scriptUrl) return html;
  const tag = `<script defer src="${escapeAttribute(scriptUrl)}"></script>`;
  return html.includes('</head>') ? html.replace('</head>', `${tag}</head>`) : `${tag}${html}`;
}

function acceptsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}

/** The built web app's pages, read once at start. */
export interface WebBuild {
  root: string;
  indexHtml: string;
  /** Prerendered public pages by language, then path. */
  pages: Record<Language, Map<string, string>>;
  /** CSP sources ('sha256-…') of the pages' inline scripts (the boot script), which the CSP allows. */
  scriptHashes: string[];
  /** The build's render of the pages rendered when asked for (WEB_SSR_DIR) and the page it fills; null when not built. */
  renderedPages: RenderedPagesBuild | null;
}

/** Reads WEB_DIST_DIR's pages, or null (with a warning) when the web app is not built. */
export function readWebBuild(config: Config, log: FastifyBaseLogger): WebBuild | null {
  const root = config.webDistDir;
  const indexFile = path.join(root, 'index.html');
  if (!existsSync(indexFile)) {
    log.warn(
      { webDistDir: root },
      'Web app not built (no index.html); serving the API only. Run `npm run build`.',
    );
    return null;
  }
  const indexHtml = withAnalytics(readFileSync(indexFile, 'utf8'), config.analyticsScriptUrl);
  const pages = readPrerenderedPages(root, config.analyticsScriptUrl);
  const renderedPageFile = path.join(config.webSsrDir, 'rendered-page.html');
  const renderedPages = existsSync(renderedPageFile)
    ? {
        dir: config.webSsrDir,
        html: withAnalytics(readFileSync(renderedPageFile, 'utf8'), config.analyticsScriptUrl),
      }
    : null;
  const htmls = [
    indexHtml,
    ...LANGUAGES.flatMap((language) => [...pages[language].values()]),
    ...(renderedPages ? [renderedPages.html] : []),
  ];
  const scriptHashes = [...new Set(htmls.flatMap(inlineScriptHashes))];
  return { root, indexHtml, pages, scriptHashes, renderedPages };
}

/** The CSP hash source of each inline <script> (one without src) in the page. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, code]) =>
      `'sha256-${createHash('sha256')
        .update(code ?? '')
        .digest('base64')}'`,
  );
}

/** Returns the SPA fallback for the not-found handler, or null when the web app is not built. */
export async function registerWebApp(
  app: FastifyInstance,
  build: WebBuild | null,
): Promise<NotFoundFallback | null> {
  if (!build) return null;
  const { root } = build;
  // The same bytes for every visit: compressed once each, not on every request (remembered-bytes.ts).
  const indexHtml = rememberBytes(Buffer.from(build.indexHtml));
  const pages = byLanguage(
    (language) =>
      new Map([...build.pages[language]].map(([page, html]) => [page, rememberBytes(Buffer.from(html))])),
  );

  const sendHtml = (reply: FastifyReply, html: RememberedBytes, status = 200) =>
    sendRemembered(reply.status(status).header('cache-control', NO_CACHE), html, 'text/html; charset=utf-8');
  /** A page chosen by the request's language: caches between here and the browser keep each apart. */
  const sendInLanguage = (reply: FastifyReply, html: RememberedBytes) =>
    sendHtml(reply.header('vary', VARIES_BY_LANGUAGE), html);
  /** The page at the request's path in its language, or index.html, which is the same in both. */
  const sendPage = (request: FastifyRequest, reply: FastifyReply) => {
    const page = pages[pageLanguage(request.headers)].get(request.url.split('?')[0] ?? '');
    return page ? sendInLanguage(reply, page) : sendHtml(reply, indexHtml);
  };

  const rendered = build.renderedPages && (await loadRenderedPages(app, build.renderedPages));
  /** index.html for a path no route of the server's answered: a 404 when the app has no page there either. */
  const sendFallback = (request: FastifyRequest, reply: FastifyReply) =>
    rendered && !rendered.isPage(request.url) ? sendHtml(reply, indexHtml, 404) : sendPage(request, reply);
  // Each page at its own route, not through the static files' search for a file of its name and
  // the not-found handler after it (~1.3 ms a visit instead of ~0.1). A page's own address answers
  // any GET with its page, as a file would; only the fallback for other paths, which guesses that
  // they are the app's, asks for a browser's Accept.
  const renderedPaths = new Set(rendered?.publicPages.map((page) => page.path));
  for (const pagePath of new Set(['/', ...pages.en.keys()])) {
    if (!renderedPaths.has(pagePath)) app.get(pagePath, { schema: { hide: true } }, sendPage);
  }
  if (rendered) {
    app.get('/app/*', { schema: { hide: true } }, async (request, reply) => {
      if (!acceptsHtml(request)) return reply.callNotFound();
      const page = await rendered.memberPage(request);
      if (!page) return sendFallback(request, reply);
      // This member's own data: never kept by a cache, never sent to anyone else.
      return reply.header('cache-control', 'private, no-store').type('text/html; charset=utf-8').send(page);
    });
    for (const { path: pagePath, form } of rendered.publicPages) {
      // The same bytes for everyone, until what the page shows changes (rendered-pages.ts).
      app.get(pagePath, { schema: { hide: true } }, async (request, reply) => {
        if (form && request.url.includes('?')) return sendPage(request, reply);
        const bytes = await rendered.publicPage(pagePath, pageLanguage(request.headers));
        return bytes ? sendInLanguage(reply, bytes) : sendPage(request, reply);
      });
    }
  }
  app.get('/index.html', { schema: { hide: true } }, (_request, reply) => sendHtml(reply, indexHtml));

  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    index: false,
    cacheControl: false,
    decorateReply: false,
    schemaHide: true,
    // The build writes .br and .gz beside each script, style sheet, SVG, the manifest and the
    // service worker (apps/web/vite.config.ts), so no file of it is compressed per request.
    preCompressed: true,
    // A route for each file the build holds, listed once at start (the build is read once, as
    // index.html is), not one route for every path: that one reads the folders' listings on each
    // request to check the path's spelling, and an unknown path is looked for on disk before it
    // reaches the app's 404 (a script 1.7x, an unknown page 1.9x by bench:compare; decision 034).
    // Served by other routes: index.html and the prerendered pages above, the compressed copies
    // by preCompressed beside the file asked for.
    wildcard: false,
    globIgnore: ['index.html', 'prerendered/**', '**/*.br', '**/*.gz'],
    setHeaders: (reply, filePath) => {
      const [top] = path.relative(root, filePath).split(path.sep);
      reply.header('cache-control', top === 'assets' ? IMMUTABLE : NO_CACHE);
    },
  });

  return (request, reply) => {
    const url = request.url;
    const isGet = request.method === 'GET' || request.method === 'HEAD';
    if (!isGet || url.startsWith('/api/') || url.startsWith('/uploads/') || !acceptsHtml(request))
      return false;
    sendFallback(request, reply);
    return true;
  };
}

/**
 * prerendered/en/index.html is `/` in English, prerendered/ar/about.html `/about` in Arabic; none
 * when the build made none.
 */
function readPrerenderedPages(
  root: string,
  analyticsScriptUrl: string | null,
): Record<Language, Map<string, string>> {
  const read = (language: Language) => {
    const dir = path.join(root, 'prerendered', language);
    const pages = new Map<string, string>();
    if (!existsSync(dir)) return pages;
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.html'))) {
      const name = file.slice(0, -'.html'.length);
      const html = withAnalytics(readFileSync(path.join(dir, file), 'utf8'), analyticsScriptUrl);
      pages.set(name === 'index' ? '/' : `/${name}`, html);
    }
    return pages;
  };
  return byLanguage(read);
}
