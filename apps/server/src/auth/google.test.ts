// Google sign-in end to end, without Google: a local HTTP server answers the OAuth token request
// the way https://oauth2.googleapis.com/token does (better-auth's Google provider reads the
// profile from the returned id_token, so no userinfo call is made). better-auth has the token URL
// built in, so global fetch is wrapped to send that one URL to the local server.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cookieHeader, getSession, postAuth, uniqueEmail, uniqueIp } from '#server/test/auth-helpers.ts';
import { createTestApp, engines, type TestApp } from '#server/test/test-app.ts';

const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
const CLIENT_ID = 'test-client.apps.googleusercontent.com';

/** An id_token as Google returns it; the code flow decodes it without checking the signature. */
function idToken(claims: Record<string, unknown>): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    iss: 'https://accounts.google.com',
    aud: CLIENT_ID,
    azp: CLIENT_ID,
    iat: now,
    exp: now + 3600,
    ...claims,
  };
  return `${encode({ alg: 'RS256', kid: 'test-key', typ: 'JWT' })}.${encode(payload)}.c2lnbmF0dXJl`;
}

describe.each(engines)('Google sign-in on %s', (engine) => {
  let t: TestApp;
  let google: Server;
  let nextClaims: Record<string, unknown> = {};
  const tokenRequests: URLSearchParams[] = [];
  const logLines: string[] = [];

  beforeAll(async () => {
    google = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        tokenRequests.push(new URLSearchParams(body));
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            access_token: 'google-access-token',
            expires_in: 3599,
            scope:
              'openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile',
            token_type: 'Bearer',
            id_token: idToken(nextClaims),
          }),
        );
      });
    });
    await new Promise<void>((resolve) => google.listen(0, '127.0.0.1', resolve));
    const localTokenUrl = `http://127.0.0.1:${(google.address() as AddressInfo).port}/token`;

    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', (input: string | URL | Request, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      return realFetch(url.startsWith(GOOGLE_TOKEN_URL) ? localTokenUrl : input, init);
    });

    const logStream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    t = await createTestApp(engine, {
      env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CLIENT_SECRET: 'test-client-secret' },
      build: { logger: { level: 'error', stream: logStream } },
    });
  });

  afterAll(async () => {
    vi.unstubAllGlobals();
    await t?.close();
    await new Promise((resolve) => google?.close(resolve));
  });

  /** Starts sign-in like the web app, then comes back from "Google" with a code. */
  async function signInWithGoogle(claims: Record<string, unknown>) {
    nextClaims = claims;
    const ip = uniqueIp();
    const start = await postAuth(
      t.app,
      '/sign-in/social',
      { provider: 'google', callbackURL: '/app/home', errorCallbackURL: '/login' },
      { ip },
    );
    expect(start.statusCode).toBe(200);
    const authorizeUrl = new URL(start.json().url);
    expect(authorizeUrl.origin).toBe('https://accounts.google.com');
    expect(authorizeUrl.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(
      'http://localhost:3000/api/auth/callback/google',
    );

    const state = authorizeUrl.searchParams.get('state') ?? '';
    const callback = await t.app.inject({
      method: 'GET',
      url: `/api/auth/callback/google?code=test-code&state=${encodeURIComponent(state)}`,
      headers: { cookie: cookieHeader(start) },
      remoteAddress: ip,
    });
    return { callback, cookie: cookieHeader(callback) };
  }

  const usersWithEmail = (email: string) =>
    t.db.selectFrom('user').selectAll().where('email', '=', email).execute();

  it('creates a member with a verified Google email and signs them in', async () => {
    const email = uniqueEmail('google');
    const { callback, cookie } = await signInWithGoogle({
      sub: `google-${email}`,
      email,
      email_verified: true,
      name: 'Layla Google',
      picture: 'https://lh3.googleusercontent.com/a/photo',
    });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/app/home');
    expect(tokenRequests.at(-1)?.get('code')).toBe('test-code');
    expect(tokenRequests.at(-1)?.get('client_id')).toBe(CLIENT_ID);

    const session = await getSession(t.app, cookie);
    expect(session.json().user).toMatchObject({ email, name: 'Layla Google', emailVerified: true });
    expect(session.json().user.userNumber).toBeGreaterThan(1000);

    // Signing in again finds the same member.
    const again = await signInWithGoogle({
      sub: `google-${email}`,
      email,
      email_verified: true,
      name: 'Layla Google',
    });
    expect(again.callback.statusCode).toBe(302);
    expect(await usersWithEmail(email)).toHaveLength(1);
  });

  it('does not create a member whose Google email is not verified', async () => {
    const email = uniqueEmail('unverified');
    const { callback } = await signInWithGoogle({
      sub: `google-${email}`,
      email,
      email_verified: false,
      name: 'X',
    });
    expect(callback.statusCode).toBe(302);
    const location = new URL(String(callback.headers.location), 'http://localhost:3000');
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('error')).toBe('email_not_verified');
    expect(await usersWithEmail(email)).toHaveLength(0);
  });

  it('logs an error and creates nobody when Google sends no email', async () => {
    const before = await t.db.selectFrom('user').select('id').execute();
    const { callback } = await signInWithGoogle({ sub: 'google-no-email', name: 'No Email' });
    expect(callback.statusCode).toBe(302);
    const location = new URL(String(callback.headers.location), 'http://localhost:3000');
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('error')).toBeTruthy();
    expect(await t.db.selectFrom('user').select('id').execute()).toHaveLength(before.length);
    expect(logLines.join('\n')).toMatch(/email/i);
  });
});
