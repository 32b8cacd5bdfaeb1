import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueIp } from '#server/test/auth-helpers.ts';
import { createTestApp, engines, TEST_ORIGIN, type TestApp } from '#server/test/test-app.ts';

describe.each(engines)('HTTP security and errors on %s', (engine) => {
  let t: TestApp;
  let withAnalytics: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, {
      build: {
        writeRateLimit: { max: 2, timeWindow: 60_000 },
        // A stand-in write endpoint until the feature modules bring real ones.
        plugins: [
          async (app) => {
            app.post('/api/v1/echo', async () => ({ ok: true }));
          },
        ],
      },
    });
    withAnalytics = await createTestApp(engine, {
      env: { ANALYTICS_SCRIPT_URL: 'https://stats.example.com/script.js' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await withAnalytics?.close();
  });

  it('sends pages a strict Content-Security-Policy and the usual hardening headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/about' });
    const csp = String(res.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self';",
      "style-src 'self';",
      "img-src 'self' data: blob:",
      "font-src 'self'",
      "connect-src 'self'",
      "frame-ancestors 'none'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends API answers only the headers a JSON answer needs, and a policy that allows nothing', async () => {
    for (const url of ['/api/health', '/api/v1/config', '/api/v1/nothing-here', '/api/auth/get-session']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-type'], url).toContain('application/json');
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      // Headers that only mean something for a document stay off the API's answers.
      for (const header of ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-xss-protection']) {
        expect(res.headers[header], `${url} ${header}`).toBeUndefined();
      }
    }
  });

  it('allows the analytics origin for scripts when configured', async () => {
    const res = await withAnalytics.app.inject({ method: 'GET', url: '/about' });
    expect(String(res.headers['content-security-policy'])).toContain(
      "script-src 'self' https://stats.example.com",
    );
  });

  it('gives the API docs their own policy so swagger-ui works', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(String(page.headers['content-security-policy'])).toContain("style-src 'self' 'unsafe-inline'");
    const spec = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(spec.statusCode).toBe(200);
    const paths = Object.keys(spec.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/health', '/api/v1/config', '/api/v1/library/overview']),
    );
    // Only the docs are relaxed.
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(String(api.headers['content-security-policy'])).not.toContain('unsafe-inline');
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/nothing-here',
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'No API route GET /api/v1/nothing-here.' },
    });
  });

  it('refuses cross-origin writes to /api/v1 with 403 and accepts same-origin ones', async () => {
    const post = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/nothing-here',
        headers,
        payload: {},
        remoteAddress: uniqueIp(),
      });
    const foreign = await post({ origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.code).toBe('FORBIDDEN_ORIGIN');
    expect((await post({})).statusCode).toBe(403);
    const foreignToRealRoute = await t.app.inject({
      method: 'POST',
      url: '/api/v1/echo',
      headers: { origin: 'https://evil.example' },
      payload: {},
      remoteAddress: uniqueIp(),
    });
    expect(foreignToRealRoute.statusCode).toBe(403);
    // PUBLIC_URL's origin passes the check (and then finds no such route)…
    expect((await post({ origin: TEST_ORIGIN })).statusCode).toBe(404);
    // …but not an origin built from the Host header, which the client chooses.
    expect((await post({ origin: 'http://localhost:80' })).statusCode).toBe(403);
    expect((await post({ origin: 'http://evil.example', host: 'evil.example' })).statusCode).toBe(403);
  });

  it('answers an address that does not decode in the usual error shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/books/%ff' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'BAD_URL', message: 'The address is not valid.' } });
  });

  it('rate-limits writes on /api/v1 per address', async () => {
    const ip = uniqueIp();
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/echo',
        headers: { origin: TEST_ORIGIN },
        payload: {},
        remoteAddress: ip,
      });
    expect((await post()).statusCode).toBe(200);
    expect((await post()).statusCode).toBe(200);
    const limited = await post();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    // Reads are never limited.
    for (let i = 0; i < 5; i++) {
      expect((await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: ip })).statusCode).toBe(
        200,
      );
    }
  });

  it('answers bad input with 400 and oversized bodies with 413, as JSON', async () => {
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: '{"email": ',
      remoteAddress: uniqueIp(),
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.body).not.toContain('at ');

    const big = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify({
        name: 'x'.repeat(2 * 1024 * 1024),
        email: 'a@b.co',
        password: 'password123',
      }),
      remoteAddress: uniqueIp(),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({
      error: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' },
    });
  });
});
