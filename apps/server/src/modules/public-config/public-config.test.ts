import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, type TestApp } from '#server/test/test-app.ts';

describe.each(engines)('GET /api/v1/config on %s', (engine) => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
  });

  it('offers Google sign-in only when it is configured', async () => {
    const plain = await createTestApp(engine);
    apps.push(plain);
    const off = await plain.app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(off.json()).toEqual({ googleSignIn: false });

    const withGoogle = await createTestApp(engine, {
      env: { GOOGLE_CLIENT_ID: 'client-id', GOOGLE_CLIENT_SECRET: 'client-secret' },
    });
    apps.push(withGoogle);
    const on = await withGoogle.app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(on.json()).toEqual({ googleSignIn: true });
    // The CSP then lets the sign-in form hand over to Google.
    const page = await withGoogle.app.inject({ method: 'GET', url: '/login' });
    expect(page.headers['content-security-policy']).toContain(
      "form-action 'self' https://accounts.google.com",
    );
  });
});
