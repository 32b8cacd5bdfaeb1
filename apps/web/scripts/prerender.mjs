// After `vite build` and `vite build --ssr`, writes:
// - dist/prerendered/<language>/<page>.html: index.html with a public page's HTML inside #root, in
//   that language, its title, and links to its screen's style sheets, for the server to send on a
//   first visit in the visitor's language
//   (apps/server/src/http/web-app.ts). The app's scripts and the screen's are not linked:
//   src/app-on-demand.js, inlined instead, loads them when they are wanted (decision 011).
// - For the pages the server renders when asked (src/request-render.tsx,
//   apps/server/src/http/rendered-pages.ts), in dist-ssr: rendered-page.html, the page they are put
//   in, and rendered-screens.json, the style sheets and scripts of each screen it renders.
// Written after the client build, so the service worker does not precache them: an installed
// app starts from index.html as before.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { minifySync } from 'vite';

process.env.NODE_ENV ||= 'production'; // React's production server renderer
const web = path.resolve(import.meta.dirname, '..');
const dist = path.join(web, 'dist');
const ssrDir = path.join(web, 'dist-ssr');
const outDir = path.join(dist, 'prerendered');
const manifestFile = path.join(dist, '.vite/manifest.json');
const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const { PRERENDERED_PAGES, prerender, LANGUAGES, fillShell, SHELL_HTML_TAG, SHELL_ROOT } = await import(
  path.join(ssrDir, 'prerender.js')
);
const { MEMBER_LAYOUT, MEMBER_SCREENS, PUBLIC_PAGES } = await import(path.join(ssrDir, 'request-render.js'));

const linked = (file) => template.includes(`/${file}"`);

/** index.html's tags of the app's scripts: its entry and the modules preloaded beside it. */
const APP_SCRIPT_TAG =
  /\s*<(?:script type="module"|link rel="modulepreload") crossorigin (?:src|href)="([^"]+)">(?:<\/script>)?/g;
const appScripts = [...template.matchAll(APP_SCRIPT_TAG)].map(([tag, src]) => ({
  src,
  preload: tag.includes('modulepreload'),
}));
if (!appScripts.some((script) => !script.preload)) throw new Error('dist/index.html has no module script.');

/** src/app-on-demand.js, minified, with what it loads: the screen's and the app's modules, then the app. */
function appOnDemand(screenScripts) {
  const source = readFileSync(path.join(web, 'src/app-on-demand.js'), 'utf8').replace(
    /\bAPP_SCRIPTS\b(?=\);\s*$)/,
    JSON.stringify([
      ...screenScripts.map((file) => ({ src: `/${file}`, preload: true })),
      // The entry last: what it imports is already on its way.
      ...appScripts.filter((script) => script.preload),
      ...appScripts.filter((script) => !script.preload),
    ]),
  );
  const { code, errors } = minifySync('app-on-demand.js', source, { compress: true, mangle: true });
  if (errors.length > 0 || code.includes('APP_SCRIPTS'))
    throw new Error('src/app-on-demand.js did not build.');
  return `<script>${code.trim()}</script>`;
}

const cssText = (file) => readFileSync(path.join(dist, file), 'utf8');

/** The screen's chunk and the chunks it imports (not the app's own), with their style sheets. */
function screenAssets(screen) {
  const scripts = new Set();
  const styles = new Set();
  const add = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build has no chunk for ${key}.`);
    if (chunk.isEntry || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const file of chunk.css ?? []) styles.add(file);
    for (const imported of chunk.imports ?? []) add(imported);
  };
  add(screen);
  return { scripts: [...scripts].filter((f) => !linked(f)), styles: [...styles].filter((f) => !linked(f)) };
}

/** Every class the page uses must be styled before the app runs, or the page would jump when it does. */
function checkStyled(page, html, styles) {
  const shell = [...template.matchAll(/href="\/(assets\/[^"]+\.css)"/g)].map(([, file]) => file);
  const defined = new Set(
    [...shell, ...styles].flatMap((file) =>
      [...cssText(file).matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map(([, name]) => name),
    ),
  );
  // CSS modules' class names start with an underscore (the global ones are in the shell's sheet).
  const used = new Set(html.match(/(?<=class="[^"]*)_[\w-]+/g));
  const unstyled = [...used].filter((name) => !defined.has(name));
  if (unstyled.length > 0)
    throw new Error(`${page.path}: no linked style sheet defines ${unstyled.join(', ')}.`);
}

for (const part of [SHELL_HTML_TAG, SHELL_ROOT])
  if (!template.includes(part)) throw new Error(`dist/index.html has no ${part}.`);

rmSync(outDir, { recursive: true, force: true });
for (const language of LANGUAGES) {
  mkdirSync(path.join(outDir, language), { recursive: true });
  for (const page of PRERENDERED_PAGES) {
    const { title, description, html, fonts } = await prerender(page.path, language);
    const { scripts, styles } = screenAssets(page.screen);
    checkStyled(page, html, styles);
    // data-prerendered and its lang: hidden where the app will show something else (global.css).
    const shell = template
      .replace(APP_SCRIPT_TAG, '')
      .replace('</body>', `  ${appOnDemand(scripts)}\n  </body>`);
    const out = fillShell(shell, { title, description, html, language, styles, fonts, kind: 'public' });
    const name = page.path === '/' ? 'index' : page.path.slice(1);
    writeFileSync(path.join(outDir, language, `${name}.html`), out);
  }
}
// A page the server renders: index.html whose app is loaded by src/app-on-demand.js (after the
// first paint on a member's page, on the first move on a public one).
writeFileSync(
  path.join(ssrDir, 'rendered-page.html'),
  template.replace(APP_SCRIPT_TAG, '').replace('</body>', `  ${appOnDemand([])}\n  </body>`),
);
const renderedScreens = [
  MEMBER_LAYOUT,
  ...MEMBER_SCREENS.map((s) => s.screen),
  ...PUBLIC_PAGES.map((p) => p.screen),
];
writeFileSync(
  path.join(ssrDir, 'rendered-screens.json'),
  `${JSON.stringify(Object.fromEntries(renderedScreens.map((screen) => [screen, screenAssets(screen)])), null, 2)}\n`,
);
rmSync(path.dirname(manifestFile), { recursive: true, force: true });
console.log(
  `Prerendered ${PRERENDERED_PAGES.map((page) => page.path).join(', ')} in ${LANGUAGES.join(', ')}.`,
);
