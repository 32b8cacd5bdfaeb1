import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postAuth, signUp } from '#server/test/auth-helpers.ts';
import { insertMonthlyBooks } from '#server/test/library-helpers.ts';
import { createTestApp, engines, makeTempDir, type TestApp } from '#server/test/test-app.ts';
import { ANSWERS_CHECKED_EVERY_MS } from './rendered-pages.ts';

// The server's half of the pages rendered when asked for (http/rendered-pages.ts): a member's, and the
// public pages made from the server's answers. The web build's
// render (apps/web/src/request-render.tsx) is a build output, as index.html is: here a small one in
// its place, with the same signature, which asks the API as the real one does and puts what it
// got into the page. e2e/member-pages.e2e.test.ts runs the real render in Chromium.
const INDEX = `<!doctype html><html lang="en" dir="ltr"><head><title>Sahifa</title></head><body><div id="root"></div></body></html>`;
// As the build writes it (apps/web/scripts/prerender.mjs): the app's loader inline, no script tags.
const LOADER = 'document.documentElement.dataset.loader="1"';
const MEMBER_PAGE = INDEX.replace('</body>', `<script>${LOADER}</script></body>`);

const RENDER = `
export async function renderMemberPage(url, { session, fetch, language }) {
  if (url.startsWith('/app/broken')) throw new Error('The render broke.');
  if (url.startsWith('/app/write')) await fetch('/api/v1/thoughts', { method: 'POST' });
  if (!url.startsWith('/app/home')) return null;
  const answer = await fetch('/api/v1/me/account');
  const account = await answer.json();
  const name = session.user.name.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return {
    title: 'Home of ' + session.user.name,
    html: '<h1>' + name + '</h1><p>plan ' + account.plan + ', status ' + answer.status + ', in ' + language + '</p>',
    language,
    fonts: fontsOf(language),
    screens: ['home'],
    state: { session, queries: [account] },
  };
}
export const isAppPage = (path) => !path.includes('no-such');
export const PUBLIC_PAGES = [{ path: '/' }, { path: '/pricing' }, { path: '/plans-broken' }, { path: '/login', form: true }];
let renders = 0;
let landings = 0;
let brokenTries = 0;
const fontsOf = (language) => (language === 'ar' ? ['/assets/arabic-1.woff2'] : []);
export async function renderPublicPage(path, ask, language) {
  if (path === '/plans-broken' && ++brokenTries === 1) throw new Error('The render broke.');
  if (path === '/') {
    const overview = await (await ask('/api/v1/library/overview')).json();
    landings += 1;
    const shelves = overview.categories.map((category) => category.title + ' ' + category.bookCount).join(', ');
    const heading = language === 'ar' ? 'المكتبة' : 'Library';
    return { title: 'Sahifa', html: '<h1>' + heading + '</h1><p>[' + shelves + '] render ' + landings + '</p>', language, fonts: fontsOf(language), screens: [], state: { queries: [overview] } };
  }
  if (path === '/login') {
    const config = await (await ask('/api/v1/config')).json();
    const google = config.googleSignIn ? '<button>Continue with Google</button>' : '';
    return { title: 'Log in', html: '<h1>Log in</h1>' + google + '<form></form>', language, fonts: fontsOf(language), screens: [], state: { queries: [config] } };
  }
  const plans = await (await ask('/api/v1/plans')).json();
  const account = await ask('/api/v1/me/account');
  renders += 1;
  return {
    title: 'Pricing',
    html: '<h1>Plans</h1><p>free questions ' + plans.free.dailyQuestions + ', account ' + account.status + ', render ' + renders + '</p>',
    language,
    fonts: fontsOf(language),
    screens: ['pricing'],
    state: { queries: [plans] },
  };
}`;

function fakeBuilds(): { webDir: string; ssrDir: string } {
  const dir = makeTempDir('sahifa-rendered-pages-');
  const webDir = path.join(dir, 'dist');
  const ssrDir = path.join(dir, 'dist-ssr');
  mkdirSync(webDir);
  mkdirSync(ssrDir);
  writeFileSync(path.join(webDir, 'index.html'), INDEX);
  writeFileSync(path.join(ssrDir, 'request-render.js'), RENDER);
  writeFileSync(path.join(ssrDir, 'rendered-page.html'), MEMBER_PAGE);
  writeFileSync(
    path.join(ssrDir, 'rendered-screens.json'),
    JSON.stringify({
      home: { scripts: ['assets/Home-1.js'], styles: ['assets/Home-1.css'] },
      pricing: { scripts: ['assets/Pricing-1.js'], styles: ['assets/Pricing-1.css'] },
    }),
  );
  return { webDir, ssrDir };
}

describe.each(engines)('pages rendered when asked for, on %s', (engine) => {
  let t: TestApp;
  let dirs: { webDir: string; ssrDir: string };
  let cookie: string;
  // A name that would end the page's data block, or be read as a replacement pattern, if either were unescaped.
  const name = "Hana </script><script>alert(1)</script> $& $'";
  beforeAll(async () => {
    dirs = fakeBuilds();
    t = await createTestApp(engine, { env: { WEB_DIST_DIR: dirs.webDir, WEB_SSR_DIR: dirs.ssrDir } });
    ({ cookie } = await signUp(t.app, {
      name,
      email: `hana-${engine}@example.com`,
      password: 'a long pass phrase',
    }));
  });
  afterAll(async () => {
    await t?.close();
    rmSync(path.dirname(dirs.webDir), { recursive: true, force: true });
  });

  /** Past the time within which a public page is sent without asking its answers again. */
  const nextSecond = () => new Promise((resolve) => setTimeout(resolve, ANSWERS_CHECKED_EVERY_MS + 10));

  const page = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

  it("sends the member's page with what the API answered them, kept by no cache", async () => {
    const res = await page('/app/home', { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toContain(
      '<div id="root"><div data-prerendered="member" lang="en"><h1>Hana &lt;/script>',
    );
    expect(res.body).toContain('<p>plan free, status 200, in en</p>');
    // Its screen's style sheet in the head; its script listed for the page's loader.
    expect(res.body).toContain('<link rel="stylesheet" crossorigin href="/assets/Home-1.css"></head>');
    expect(res.body).toContain(
      `<script type="application/json" id="screen-scripts">["/assets/Home-1.js"]</script><script>${LOADER}</script></body>`,
    );
    // The loader may run: the CSP allows it by its hash, and no other inline script.
    const hash = createHash('sha256').update(LOADER).digest('base64');
    expect(res.headers['content-security-policy']).toContain(`'sha256-${hash}'`);
    expect(res.headers['content-security-policy']).not.toContain('unsafe-inline');
    expect(res.body).toContain(
      "<title>Home of Hana &lt;/script>&lt;script>alert(1)&lt;/script> $&amp; $'</title>",
    );
  });

  it('puts the member, and nothing of the session, in a data block no text can close', async () => {
    const res = await page('/app/home', { cookie });
    const blocks = [
      ...res.body.matchAll(/<script type="application\/json" id="page-state">(.*?)<\/script>/gs),
    ];
    expect(blocks).toHaveLength(1);
    // The only </script> after the block's start is its own end.
    expect(res.body.split('<script type="application/json"')[1]?.match(/<\/script>/g)).toHaveLength(1);
    const state = JSON.parse(blocks[0]?.[1] ?? '');
    expect(state.session.user.name).toBe(name);
    expect(state.session.user.email).toBe(`hana-${engine}@example.com`);
    expect(Object.keys(state.session)).toEqual(['user']);
    expect(blocks[0]?.[1]).not.toContain(cookie.split('=')[1]?.split('.')[0]);
    expect(state.queries).toEqual([{ operator: false, plan: 'free', suspended: false }]);
  });

  it('sends index.html as before to a visitor, a signed-out cookie, other screens, and non-HTML requests', async () => {
    const signedOut = await postAuth(t.app, '/sign-out', {}, { cookie });
    expect(signedOut.statusCode).toBe(200);
    for (const [url, headers] of [
      ['/app/home', {}],
      ['/app/home', { cookie: 'better-auth.session_token=not-a-session' }],
      ['/app/books', { cookie }],
    ] as const) {
      const res = await page(url, headers);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(INDEX);
    }
    const json = await t.app.inject({
      method: 'GET',
      url: '/app/home',
      headers: { accept: 'application/json' },
    });
    expect(json.statusCode).toBe(404);
  });

  it("sends index.html with a 404 at a path the app's router has no page for", async () => {
    const { cookie: member } = await signUp(t.app);
    for (const [url, headers] of [
      ['/no-such-page', {}],
      ['/no-such-page?x=1', {}],
      ['/app/no-such/page', {}],
      ['/app/no-such/page', { cookie: member }],
    ] as const) {
      const res = await page(url, headers);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.body, url).toBe(INDEX);
    }
    // Its pages, the app's own or not, and whether or not the server renders them.
    for (const url of ['/about', '/app/settings', '/app/home'])
      expect((await page(url)).statusCode, url).toBe(200);
  });

  it('sends index.html when the render fails or tries to write', async () => {
    const { cookie: member } = await signUp(t.app);
    for (const url of ['/app/broken', '/app/write']) {
      const res = await page(url, { cookie: member });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX);
    }
    const thoughts = await t.app.inject({
      method: 'GET',
      url: '/api/v1/thoughts',
      headers: { cookie: member },
    });
    expect(thoughts.json().items).toEqual([]);
  });

  it('renders the landing with the library, and again at the first visit after the library changed', async () => {
    const first = await page('/');
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain(
      '<div id="root"><div data-prerendered lang="en"><h1>Library</h1><p>[] render 1</p>',
    );
    expect((await page('/')).body).toBe(first.body);
    await insertMonthlyBooks(t.db, ['a-new-summary']);
    // Within a second of the last check the page is sent as it was; the first visit after asks again.
    expect((await page('/')).body).toBe(first.body);
    await nextSecond();
    const changed = await page('/');
    expect(changed.body).toContain('<h1>Library</h1><p>[C 1] render 2</p>');
    const overview = (await t.app.inject({ method: 'GET', url: '/api/v1/library/overview' })).json();
    const state = JSON.parse(changed.body.match(/id="page-state">([^<]*)</)?.[1] ?? '');
    expect(state).toEqual({ queries: [overview] });
    await nextSecond();
    expect((await page('/')).body).toBe(changed.body);
    // Any request to / gets the page, as before it was rendered.
    const json = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'application/json' } });
    expect(json.body).toBe(changed.body);
  });

  it("renders a page of the server's settings once, as a visitor, and sends it to everyone", async () => {
    const plans = (await t.app.inject({ method: 'GET', url: '/api/v1/plans' })).json();
    const { cookie: member } = await signUp(t.app);
    const first = await page('/pricing');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    // Asked as a visitor (the account answers 401), and on a public page's root: the app comes on a first move.
    expect(first.body).toContain(
      `<div id="root"><div data-prerendered lang="en"><h1>Plans</h1><p>free questions ${plans.free.dailyQuestions}, account 401, render 1</p>`,
    );
    expect(first.body).toContain('<link rel="stylesheet" crossorigin href="/assets/Pricing-1.css"></head>');
    expect(first.body).toContain(
      '<script type="application/json" id="screen-scripts">["/assets/Pricing-1.js"]</script>',
    );
    const state = JSON.parse(first.body.match(/id="page-state">([^<]*)</)?.[1] ?? '');
    expect(state).toEqual({ queries: [plans] });
    // The same page for a member and for a query, without rendering again.
    expect((await page('/pricing', { cookie: member })).body).toBe(first.body);
    expect((await page('/pricing?from=landing')).body).toBe(first.body);
    // Its address answers any request with the page, as every page's address does.
    const json = await t.app.inject({
      method: 'GET',
      url: '/pricing',
      headers: { accept: 'application/json' },
    });
    expect(json.statusCode).toBe(200);
    expect(json.body).toBe(first.body);
  });

  it("renders a public page in the reader's language, each language remembered apart", async () => {
    const english = await page('/');
    const arabic = await page('/', { 'accept-language': 'ar-SA,ar;q=0.9' });
    expect(arabic.statusCode).toBe(200);
    expect(arabic.body).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.body).toMatch(
      /<div id="root"><div data-prerendered lang="ar"><h1>المكتبة<\/h1><p>\[C 1\] render \d+<\/p>/,
    );
    expect(arabic.headers.vary).toContain('accept-language, cookie');
    // Its text's web font is asked for with its style sheets, not after the first paint.
    expect(arabic.body).toContain(
      '<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/arabic-1.woff2"></head>',
    );
    expect(english.body).not.toContain('rel="preload" as="font"');
    // Sent again as they are: the reader's choice (the app's cookie) beats the browser's language.
    expect((await page('/', { cookie: 'lang=ar' })).body).toBe(arabic.body);
    expect((await page('/', { cookie: 'lang=en', 'accept-language': 'ar' })).body).toBe(english.body);
    expect(english.body).toContain('<html lang="en" dir="ltr">');
  });

  it("renders a member's page in the language their app last showed", async () => {
    const { cookie: member } = await signUp(t.app);
    const res = await page('/app/home', { cookie: `${member}; lang=ar` });
    expect(res.body).toContain('<html lang="ar" dir="rtl">');
    expect(res.body).toContain('<div id="root"><div data-prerendered="member" lang="ar">');
    expect(res.body).toContain('<p>plan free, status 200, in ar</p>');
  });

  it('sends index.html when a page of the settings fails to render, and tries again on the next visit', async () => {
    const failed = await page('/plans-broken');
    expect(failed.statusCode).toBe(200);
    expect(failed.body).toBe(INDEX);
    expect((await page('/plans-broken')).body).toContain('<div data-prerendered lang="en"><h1>Plans</h1>');
  });

  it('sends an account form only at its bare address: a query there changes what it shows', async () => {
    const form = await page('/login');
    expect(form.body).toContain(
      '<div id="root"><div data-prerendered lang="en"><h1>Log in</h1><form></form>',
    );
    expect(form.body).toContain('{"queries":[{"googleSignIn":false}]}');
    // ?verified=1 sends a member who has just confirmed on into the app; ?error= shows a notice.
    for (const url of ['/login?verified=1', '/login?error=google']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX);
    }
  });
});

describe('account forms rendered by a server with Google sign-in', () => {
  it('show the Google button, as the app will', async () => {
    const dirs = fakeBuilds();
    const t = await createTestApp('sqlite', {
      env: {
        WEB_DIST_DIR: dirs.webDir,
        WEB_SSR_DIR: dirs.ssrDir,
        GOOGLE_CLIENT_ID: 'client-id',
        GOOGLE_CLIENT_SECRET: 'client-secret',
      },
    });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/login', headers: { accept: 'text/html' } });
      expect(res.body).toContain('<h1>Log in</h1><button>Continue with Google</button><form></form>');
      expect(res.body).toContain('{"queries":[{"googleSignIn":true}]}');
    } finally {
      await t.close();
      rmSync(path.dirname(dirs.webDir), { recursive: true, force: true });
    }
  });
});
