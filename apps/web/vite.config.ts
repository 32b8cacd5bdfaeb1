import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, minifySync, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { themeColor, themeStylesheet, themes } from './src/theme/tokens.ts';

const API_ORIGIN = process.env.SAHIFA_API_ORIGIN ?? 'http://127.0.0.1:3000';
// The server trusts only its PUBLIC_URL as Origin; in dev the page comes from Vite's port, so the
// proxy presents the server's own public origin (dev only: production serves one origin).
const DEV_PROXY = {
  target: API_ORIGIN,
  headers: { origin: process.env.PUBLIC_URL ?? 'http://localhost:3000' },
};

/** What the app reports as its version (sent with support messages): SAHIFA_VERSION, else the commit, else the day. */
function appVersion(): string {
  if (process.env.SAHIFA_VERSION) return process.env.SAHIFA_VERSION;
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: 'pipe' });
    if (commit.trim()) return commit.trim();
  } catch {
    // Not a git checkout (an unpacked release): the build date says enough.
  }
  return new Date().toISOString().slice(0, 10);
}

/** `import 'virtual:theme.css'` — the theme custom properties, generated from src/theme/tokens.ts. */
function themeCss(): Plugin {
  const id = 'virtual:theme.css';
  const resolved = `\0${id}`;
  return {
    name: 'sahifa-theme-css',
    resolveId: (source) => (source === id ? resolved : undefined),
    load: (source) => (source === resolved ? themeStylesheet() : undefined),
  };
}

/**
 * src/boot.js sets the theme, language and direction before the first paint, so it must run
 * before anything renders. Inlined in index.html (minified, ~0.5 KB) rather than loaded as a file,
 * which would hold the first paint for a round trip. The server allows it by its hash in the
 * Content-Security-Policy (apps/server/src/http/web-app.ts, inlineScriptHashes).
 */
function inlineBootScript(): Plugin {
  const tag = '<script src="/src/boot.js"></script>';
  return {
    name: 'sahifa-inline-boot-script',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        if (!html.includes(tag)) throw new Error(`index.html must load the boot script as ${tag}`);
        const source = readFileSync(path.resolve(import.meta.dirname, 'src/boot.js'), 'utf8');
        const { code } = minifySync('boot.js', source, { compress: true, mangle: true });
        return html.replace(tag, `<script>${code.trim()}</script>`);
      },
    },
  };
}

/**
 * The contracts (packages/contracts) hold both plain values the browser needs (limits, codes,
 * displayNameOf…) and the zod schemas the server checks with. A module-level `const x = z.object(…)`
 * is a call, which the bundler must keep even when nothing reads `x`; kept, it pulls zod (~27 KB
 * compressed) into every screen that imports a single constant. Each such top-level call is
 * wrapped here in an IIFE marked pure — evaluated as before when something uses it, dropped (and
 * zod with it) when nothing does. The sources are left as they are; only the web build sees this.
 */
function pureContractSchemas(): Plugin {
  const contracts = `${path.resolve(import.meta.dirname, '../../packages/contracts/src')}${path.sep}`;
  return {
    name: 'sahifa-pure-contract-schemas',
    enforce: 'post',
    apply: 'build',
    transform(code, id) {
      if (!id.startsWith(contracts) || id.endsWith('.test.ts')) return undefined;
      const program = this.parse(code) as unknown as { body: AstNode[] };
      const inits: AstNode[] = [];
      for (const statement of program.body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const declarator of declaration.declarations ?? []) {
          if (declarator.init?.type === 'CallExpression') inits.push(declarator.init);
        }
      }
      let out = code;
      for (const init of inits.sort((a, b) => b.start - a.start)) {
        const expression = out.slice(init.start, init.end);
        out = `${out.slice(0, init.start)}/*#__PURE__*/ (() => ${expression})()${out.slice(init.end)}`;
      }
      return { code: out, map: null };
    },
  };
}

/**
 * Each script, style sheet, SVG and the manifest of the build also as `.br` (brotli at its best
 * quality) and `.gz`, written once here: the server sends those as they are (`preCompressed` in
 * apps/server/src/http/web-app.ts) instead of compressing every answer at a quick setting —
 * about 15 % fewer bytes of JavaScript on a first visit, and no compression work per request.
 * Run last, when the bundle is closed (`order: 'post'`, `sequential`): the PWA plugin writes the
 * service worker and its Workbox runtime in its own `closeBundle`, and they are compressed too.
 */
function precompressed(): Plugin {
  const compressible = /\.(js|css|svg|json|webmanifest)$/;
  let dir = 'dist';
  return {
    name: 'sahifa-precompressed',
    apply: 'build',
    configResolved(config) {
      dir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) =>
          compressible.test(f),
        );
        for (const file of files) {
          // Small files too: the server would compress them on every request (a file's stream
          // has no length for the compression's threshold to read), at ~0.7 ms of CPU each.
          const bytes = readFileSync(path.join(dir, file));
          writeFileSync(
            path.join(dir, `${file}.br`),
            brotliCompressSync(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
          writeFileSync(path.join(dir, `${file}.gz`), gzipSync(bytes, { level: 9 }));
        }
      },
    },
  };
}

/**
 * Every chunk begins with V8's explicit compile hint, `//# allFunctionsCalledOnLoad` (Chrome 136):
 * V8 then compiles all of it as it streams in, on a background thread, instead of each function on
 * the main thread at its first call. A chunk is loaded when its screen is first shown, and showing
 * it calls most of it: the start chunk (main.tsx with React, the router, i18next) and the shell's
 * and the screen's chunks on a member's page (decision 033).
 * Added last (`order: 'post'`), after Vite has put its own first line into the chunk: the hint
 * must come before the code. Other browsers read it as a comment.
 */
function compileHint(): Plugin {
  return {
    name: 'sahifa-compile-hint',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk') {
            chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
          }
        }
      },
    },
  };
}

interface AstNode {
  type: string;
  start: number;
  end: number;
  declaration?: AstNode | null;
  declarations?: { init?: AstNode | null }[];
}

// `vite build --ssr` (the second step of `npm run build`) builds for Node the public pages'
// prerender (src/prerender.tsx, run by the build) and the render of the pages the server renders
// when asked for (src/request-render.tsx, run by the server): no service worker, no compressed
// copies, no chunk grouping. Its dependencies are bundled in, with React's production build
// (decision 029): left in node_modules, they loaded one module at a time through the server's
// TypeScript loader when the first member page was asked for (1.2-2.5 s after each start), and
// React took its development build whenever NODE_ENV was unset, as under `npm start`.
export default defineConfig(({ isSsrBuild }) => ({
  define: {
    __APP_VERSION__: JSON.stringify(appVersion()),
    ...(isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {}),
  },
  plugins: [
    react(),
    themeCss(),
    inlineBootScript(),
    pureContractSchemas(),
    isSsrBuild ? null : compileHint(),
    isSsrBuild ? null : precompressed(),
    isSsrBuild
      ? null
      : VitePWA({
          strategies: 'generateSW',
          filename: 'service-worker.js',
          registerType: 'prompt',
          injectRegister: false,
          includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
          manifest: {
            id: '/',
            name: 'Sahifa',
            short_name: 'Sahifa',
            description: 'Book summaries in English and Arabic, page by page.',
            lang: 'en',
            start_url: '/',
            scope: '/',
            display: 'standalone',
            orientation: 'any',
            theme_color: themeColor('light'),
            background_color: themes.light.background,
            categories: ['books', 'education'],
            icons: [
              { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
              { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
              {
                src: '/icons/icon-maskable-512.png',
                sizes: '512x512',
                type: 'image/png',
                purpose: 'maskable',
              },
            ],
          },
          workbox: {
            // The app shell: hashed assets, fonts, icons and index.html.
            globPatterns: ['**/*.{js,css,html,woff2,png,svg,webmanifest}'],
            navigateFallback: 'index.html',
            navigateFallbackDenylist: [/^\/api\//, /^\/uploads\//],
            cleanupOutdatedCaches: true,
            runtimeCaching: [
              {
                // Book covers are immutable once uploaded (random keys): keep a bounded set offline.
                urlPattern: ({ url, sameOrigin }) =>
                  sameOrigin && url.pathname.startsWith('/uploads/covers/'),
                handler: 'CacheFirst',
                options: {
                  cacheName: 'covers',
                  expiration: { maxEntries: 300, maxAgeSeconds: 60 * 60 * 24 * 30 },
                  cacheableResponse: { statuses: [200] },
                },
              },
            ],
          },
        }),
  ],
  ...(isSsrBuild ? { ssr: { noExternal: true } } : {}),
  build: isSsrBuild
    ? {
        outDir: 'dist-ssr',
        emptyOutDir: true,
        copyPublicDir: false,
        assetsInlineLimit: 0,
        rolldownOptions: { input: ['src/prerender.tsx', 'src/request-render.tsx'] },
      }
    : {
        outDir: 'dist',
        assetsDir: 'assets',
        // Which chunk brings which style sheet: read by scripts/prerender.mjs, then deleted.
        manifest: true,
        rolldownOptions: {
          // Lets the bundler fold small shared modules into the chunks that use them (below).
          preserveEntrySignatures: false,
          output: {
            codeSplitting: {
              groups: [
                // What every first screen needs (React, the router, i18next, the shell) in one file, not
                // a dozen small ones each costing a round trip on a slow phone network.
                { name: 'app', tags: ['$initial'], priority: 3 },
              ],
              // Screens share many small modules (a card, a hook); each would be a chunk of its own
              // and one more request. Below this size they are copied into the screens that use them.
              experimentalInlineCommonChunks: { maxSize: 8000 },
            },
          },
        },
        // Never inline assets as data: URIs (fonts especially): the CSP allows font-src 'self' only.
        assetsInlineLimit: 0,
      },
  server: {
    proxy: {
      '/api': DEV_PROXY,
      '/uploads': DEV_PROXY,
    },
  },
  preview: {
    proxy: {
      '/api': DEV_PROXY,
      '/uploads': DEV_PROXY,
    },
  },
}));
