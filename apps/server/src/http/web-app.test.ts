import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, makeTempDir, type TestApp } from '#server/test/test-app.ts';

// As the build writes it: the boot script inline in <head> (apps/web/vite.config.ts).
const BOOT_SCRIPT = 'document.documentElement.dataset.booted="1"';
const INDEX = `<!doctype html><html><head><title>Sahifa</title><script>${BOOT_SCRIPT}</script></head><body><div id="root"></div></body></html>`;

const prerenderedPage = (text: string, lang = 'en') =>
  `<!doctype html><html lang="${lang}"><head><title>${text}</title></head><body><div id="root"><div data-prerendered lang="${lang}"><h1>${text}</h1></div></div></body></html>`;

const LONG_PAGE = `Terms: ${'Read the ideas of a book, page by page. '.repeat(60)}`;

const BIG_SCRIPT = `const pages = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `page ${i}`))};`;

function fakeWebBuild(): string {
  const dir = makeTempDir('sahifa-web-');
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), INDEX);
  // As the build writes them (apps/web/scripts/prerender.mjs).
  mkdirSync(path.join(dir, 'prerendered', 'en'), { recursive: true });
  mkdirSync(path.join(dir, 'prerendered', 'ar'));
  writeFileSync(path.join(dir, 'prerendered', 'en', 'index.html'), prerenderedPage('Welcome'));
  writeFileSync(path.join(dir, 'prerendered', 'en', 'about.html'), prerenderedPage('About Sahifa'));
  writeFileSync(path.join(dir, 'prerendered', 'en', 'terms.html'), prerenderedPage(LONG_PAGE));
  writeFileSync(path.join(dir, 'prerendered', 'ar', 'index.html'), prerenderedPage('أهلًا', 'ar'));
  writeFileSync(path.join(dir, 'prerendered', 'ar', 'about.html'), prerenderedPage('عن صحيفة', 'ar'));
  writeFileSync(path.join(dir, 'prerendered', 'ar', 'terms.html'), prerenderedPage(LONG_PAGE, 'ar'));
  writeFileSync(path.join(dir, 'assets', 'x-abc123.js'), 'console.log("app");');
  writeFileSync(path.join(dir, 'assets', 'big-def456.js'), BIG_SCRIPT);
  // As the build writes them (apps/web/vite.config.ts, precompressed).
  writeFileSync(path.join(dir, 'assets', 'pre-ghi789.js'), BIG_SCRIPT);
  writeFileSync(path.join(dir, 'assets', 'pre-ghi789.js.br'), brotliCompressSync(BIG_SCRIPT));
  writeFileSync(path.join(dir, 'service-worker.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(dir, 'manifest.webmanifest'), '{"name":"Sahifa"}');
  return dir;
}

describe.each(engines)('web app serving on %s', (engine) => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = fakeWebBuild();
    t = await createTestApp(engine, {
      env: { WEB_DIST_DIR: webDir, ANALYTICS_SCRIPT_URL: 'https://stats.example.com/script.js' },
    });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  const get = (url: string, accept = 'text/html,application/xhtml+xml,*/*;q=0.8') =>
    t.app.inject({ method: 'GET', url, headers: { accept } });

  it('serves index.html revalidated, with the analytics script injected', async () => {
    const res = await get('/index.html');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toContain('<script defer src="https://stats.example.com/script.js"></script></head>');
  });

  it("allows the build's inline boot script by its hash, not inline scripts in general", async () => {
    const hash = createHash('sha256').update(BOOT_SCRIPT).digest('base64');
    for (const url of ['/', '/login']) {
      const csp = String((await get(url)).headers['content-security-policy']);
      expect(csp).toContain(`script-src 'self' 'sha256-${hash}' https://stats.example.com;`);
      expect(csp).not.toContain('unsafe-inline');
    }
  });

  it('serves a prerendered public page at its own address, with or without a query, revalidated', async () => {
    for (const [url, heading] of [
      ['/', 'Welcome'],
      ['/?redirectTo=%2Fapp%2Fbooks', 'Welcome'],
      ['/about', 'About Sahifa'],
    ]) {
      const res = await get(url as string);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain(`<div data-prerendered lang="en"><h1>${heading}</h1>`);
      expect(res.body).toContain('<script defer src="https://stats.example.com/script.js"></script></head>');
    }
    // Any other page, and a path that only starts like one, gets the plain shell.
    for (const url of ['/login', '/about/more', '/aboutx']) {
      expect((await get(url)).body, url).toContain('<div id="root"></div>');
    }
  });

  it("sends a prerendered page in the language the reader's app last showed, else in the browser's first", async () => {
    const about = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/about', headers: { accept: 'text/html', ...headers } });
    for (const [headers, heading] of [
      [{}, 'About Sahifa'],
      [{ 'accept-language': 'fr-FR,fr;q=0.9' }, 'About Sahifa'],
      [{ 'accept-language': 'ar-EG,ar;q=0.9,en;q=0.8' }, 'عن صحيفة'],
      // The first language is the one the browser shows pages in, as src/boot.js reads it.
      [{ 'accept-language': 'en-US,ar;q=0.9' }, 'About Sahifa'],
      [{ 'accept-language': 'ar', cookie: 'lang=en' }, 'About Sahifa'],
      [{ 'accept-language': 'en-US', cookie: 'theme=dark; lang=ar' }, 'عن صحيفة'],
      [{ cookie: 'xlang=ar' }, 'About Sahifa'],
    ] as const) {
      const res = await about(headers);
      expect(res.statusCode).toBe(200);
      expect(res.body, JSON.stringify(headers)).toContain(`<h1>${heading}</h1>`);
      // A cache between the server and the browser keeps each language apart.
      expect(res.headers.vary).toBe('accept-language, cookie');
    }
    // index.html is the same in every language.
    const shell = await t.app.inject({
      method: 'GET',
      url: '/app/books',
      headers: { accept: 'text/html', 'accept-language': 'ar' },
    });
    expect(shell.body).toContain('<div id="root"></div>');
    expect(shell.headers.vary ?? '').not.toContain('accept-language');
  });

  it('sends a page compressed as the browser takes it, the same page in each encoding', async () => {
    const page = (encoding?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/terms',
        headers: { accept: 'text/html', ...(encoding ? { 'accept-encoding': encoding } : {}) },
      });
    const plain = await page();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain(LONG_PAGE);
    const br = await page('gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-language, cookie, accept-encoding');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect((await page('gzip, deflate, br, zstd')).rawPayload.equals(br.rawPayload)).toBe(true);
    const gzip = await page('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it('sends the brotli file of the build as it is to a browser that takes brotli, the script to one that does not', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/pre-ghi789.js',
      headers: { accept: '*/*', 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(BIG_SCRIPT);
    const plain = await t.app.inject({
      method: 'GET',
      url: '/assets/pre-ghi789.js',
      headers: { accept: '*/*' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_SCRIPT);
  });

  it('caches hashed assets for a year and revalidates everything else', async () => {
    const asset = await get('/assets/x-abc123.js', '*/*');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toContain('javascript');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    for (const url of ['/service-worker.js', '/manifest.webmanifest']) {
      const res = await get(url, '*/*');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('compresses scripts for browsers that accept gzip', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/big-def456.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.rawPayload.length).toBeLessThan(BIG_SCRIPT.length / 2);
    expect(gunzipSync(res.rawPayload).toString('utf8')).toBe(BIG_SCRIPT);
  });

  it('answers client-side routes with index.html (SPA fallback)', async () => {
    const res = await get('/app/category/philosophy');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root"></div>');
  });

  it('keeps 404s for API paths, uploads, missing files and non-HTML requests', async () => {
    for (const [url, accept] of [
      ['/api/v1/unknown', 'text/html'],
      ['/uploads/covers/missing.webp', 'text/html'],
      ['/assets/missing-000.js', '*/*'],
      ['/app/home', 'application/json'],
    ] as const) {
      const res = await get(url, accept);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    const post = await t.app.inject({ method: 'POST', url: '/app/home', headers: { accept: 'text/html' } });
    expect(post.statusCode).toBe(404);
  });

  it('answers an address no file can be at (`//` in it, a part too long for a file name) as any unknown address', async () => {
    const unknown = await get('/no-such-page');
    for (const url of ['/a//b', '/assets//x-abc123.js', `/${'a'.repeat(300)}`]) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(unknown.statusCode);
      expect(page.body, url).toBe(unknown.body);
      const other = await get(url, '*/*');
      expect(other.statusCode, url).toBe(404);
      expect(other.json().error.code, url).toBe('NOT_FOUND');
    }
    // The stored images' files are looked for on disk, path by path (uploads.ts).
    for (const url of ['/uploads//covers/x.webp', `/uploads/${'a'.repeat(300)}`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code, url).toBe('NOT_FOUND');
    }
  });

  it("serves the build's files at their own addresses, the pages and compressed copies only through their routes", async () => {
    const script = await t.app.inject({ method: 'HEAD', url: '/assets/x-abc123.js?v=2' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    for (const url of ['/prerendered/en/about.html', '/assets/pre-ghi789.js.br', '/ASSETS/x-abc123.js']) {
      const res = await get(url, '*/*');
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code, url).toBe('NOT_FOUND');
    }
  });

  it('does not serve files outside the build folder', async () => {
    const res = await get('/../../package.json', '*/*');
    expect(res.statusCode).toBe(404);
  });
});

describe('without a web build', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves the API and answers page requests with a JSON 404', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });
});
