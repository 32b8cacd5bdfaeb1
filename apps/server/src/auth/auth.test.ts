import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cookieHeader,
  getSession,
  newCredentials,
  postAuth,
  signUp,
  uniqueEmail,
  uniqueIp,
} from '#server/test/auth-helpers.ts';
import { createTestApp, engines, TEST_PUBLIC_URL, type TestApp } from '#server/test/test-app.ts';
import { getSessionUser } from './session.ts';

function newestMail(dataDir: string): { to: string; subject: string; text: string; html: string } {
  const dir = path.join(dataDir, 'mail');
  const newest = readdirSync(dir).sort().at(-1);
  if (!newest) throw new Error('no mail written');
  return JSON.parse(readFileSync(path.join(dir, newest), 'utf8'));
}

describe.each(engines)('auth on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, {
      build: {
        plugins: [
          async (app) => {
            app.get('/api/v1/whoami', async (request, reply) => {
              const user = await getSessionUser(request);
              return user ? { userNumber: user.userNumber } : reply.status(401).send({});
            });
          },
        ],
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const countUsers = async (email: string) =>
    Number(
      (
        await t.db
          .selectFrom('user')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('email', '=', email)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('signs up with a session cookie and a member number', async () => {
    const credentials = newCredentials({ name: '  Sara  ' });
    const { response, cookie } = await signUp(t.app, credentials);
    expect(response.statusCode).toBe(200);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/);

    const session = await getSession(t.app, cookie);
    expect(session.statusCode).toBe(200);
    const user = session.json().user;
    expect(user.email).toBe(credentials.email);
    expect(user.name).toBe('Sara');
    expect(user.userNumber).toBeGreaterThan(1000);
    expect(Number.isInteger(user.userNumber)).toBe(true);

    // What /api/v1 routes see through getSessionUser.
    const whoami = await t.app.inject({ method: 'GET', url: '/api/v1/whoami', headers: { cookie } });
    expect(whoami.json()).toEqual({ userNumber: user.userNumber });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/whoami' })).statusCode).toBe(401);
  });

  it('refuses a second account with the same email and keeps exactly one user', async () => {
    const credentials = newCredentials();
    expect((await signUp(t.app, credentials)).response.statusCode).toBe(200);
    const again = await signUp(t.app, { ...credentials, email: credentials.email.toUpperCase() });
    expect(again.response.statusCode).toBeGreaterThanOrEqual(400);
    expect(again.response.statusCode).toBeLessThan(500);
    expect(again.response.json().message).toMatch(/already exists/i);
    expect(await countUsers(credentials.email)).toBe(1);
  });

  it('rejects a short password, an invalid email and oversized input with 400 and writes nothing', async () => {
    const short = newCredentials({ password: 'short' });
    const shortRes = await signUp(t.app, short);
    expect(shortRes.response.statusCode).toBe(400);
    expect(shortRes.response.json().message).toMatch(/password/i);
    expect(await countUsers(short.email)).toBe(0);

    const badEmail = await signUp(t.app, newCredentials({ email: 'not-an-email' }));
    expect(badEmail.response.statusCode).toBe(400);
    expect(await countUsers('not-an-email')).toBe(0);

    const bigName = newCredentials({ name: 'x'.repeat(10_000) });
    const bigNameRes = await signUp(t.app, bigName);
    expect(bigNameRes.response.statusCode).toBe(400);
    expect(bigNameRes.response.json()).toEqual({
      code: 'NAME_TOO_LONG',
      message: 'Name must be at most 80 characters.',
    });
    expect(await countUsers(bigName.email)).toBe(0);

    const longEmail = `${'a'.repeat(60)}.${'b'.repeat(60)}.${'c'.repeat(60)}@${'d'.repeat(60)}.example.com`;
    const longEmailRes = await signUp(t.app, newCredentials({ email: longEmail }));
    expect(longEmailRes.response.statusCode).toBe(400);
    expect(await countUsers(longEmail)).toBe(0);
  });

  it('gives 20 concurrent sign-ups 20 distinct member numbers', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => signUp(t.app)));
    for (const r of results) expect(r.response.statusCode).toBe(200);
    const numbers = results.map((r) => r.response.json().user.userNumber as number);
    expect(new Set(numbers).size).toBe(20);
    const rows = await t.db.selectFrom('user').select('user_number').execute();
    expect(new Set(rows.map((r) => r.user_number)).size).toBe(rows.length);
  });

  it('signs in, rejects a wrong password with 401, and signs out', async () => {
    const { credentials } = await signUp(t.app);
    const wrong = await postAuth(t.app, '/sign-in/email', {
      email: credentials.email,
      password: 'wrong password!',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBeTruthy();

    const right = await postAuth(t.app, '/sign-in/email', credentials);
    expect(right.statusCode).toBe(200);
    const cookie = cookieHeader(right);
    expect((await getSession(t.app, cookie)).json().user.email).toBe(credentials.email);

    const out = await postAuth(t.app, '/sign-out', {}, { cookie });
    expect(out.statusCode).toBe(200);
    expect((await getSession(t.app, cookie)).json()).toBeNull();
  });

  it('mails a reset link that sets a new password and retires the old one', async () => {
    const { credentials } = await signUp(t.app);
    const forgot = await postAuth(t.app, '/request-password-reset', {
      email: credentials.email,
      redirectTo: '/reset-password',
    });
    expect(forgot.statusCode).toBe(200);

    const mail = newestMail(t.dataDir);
    expect(mail.to).toBe(credentials.email);
    const link = mail.text.match(/https?:\/\/\S*\/reset-password\S*/)?.[0];
    expect(link).toBeDefined();
    const url = new URL(link as string);
    expect(url.origin + url.pathname).toBe(`${TEST_PUBLIC_URL}/reset-password`);
    const token = url.searchParams.get('token');
    expect(token).toBeTruthy();
    expect(mail.text).toContain('كلمة');

    const reset = await postAuth(t.app, '/reset-password', { token, newPassword: 'a brand new password' });
    expect(reset.statusCode).toBe(200);

    const old = await postAuth(t.app, '/sign-in/email', credentials);
    expect(old.statusCode).toBe(401);
    const fresh = await postAuth(t.app, '/sign-in/email', {
      email: credentials.email,
      password: 'a brand new password',
    });
    expect(fresh.statusCode).toBe(200);

    const reused = await postAuth(t.app, '/reset-password', { token, newPassword: 'yet another password' });
    expect(reused.statusCode).toBe(400);
  });

  it('answers a reset request for an unknown email the same way, without a mail', async () => {
    const before = readdirSync(path.join(t.dataDir, 'mail')).length;
    const res = await postAuth(t.app, '/request-password-reset', { email: uniqueEmail('nobody') });
    expect(res.statusCode).toBe(200);
    expect(readdirSync(path.join(t.dataDir, 'mail')).length).toBe(before);
  });
});

describe.each(engines)('auth rate limits and cookies on %s', (engine) => {
  let limited: TestApp;
  let secure: TestApp;
  beforeAll(async () => {
    limited = await createTestApp(engine, {
      build: { authRateLimits: { credentials: { window: 60, max: 3 }, general: { window: 60, max: 1000 } } },
    });
    secure = await createTestApp(engine, { env: { PUBLIC_URL: 'https://sahifa.example' } });
  });
  afterAll(async () => {
    await limited?.close();
    await secure?.close();
  });

  it('answers 429 once one address has used up its sign-in attempts', async () => {
    const ip = uniqueIp();
    const attempt = () =>
      postAuth(limited.app, '/sign-in/email', { email: 'x@example.com', password: 'whatever123' }, { ip });
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
    const blocked = await attempt();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/too many/i);
    // Another address is not affected, and a client cannot pick its address by header.
    const other = await postAuth(limited.app, '/sign-in/email', {
      email: 'x@example.com',
      password: 'whatever123',
    });
    expect(other.statusCode).toBe(401);
    const spoofed = await limited.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: {
        origin: TEST_PUBLIC_URL,
        'x-forwarded-for': '203.0.113.9',
        'x-sahifa-client-ip': '203.0.113.9',
      },
      payload: { email: 'x@example.com', password: 'whatever123' },
      remoteAddress: ip,
    });
    expect(spoofed.statusCode).toBe(429);
  });

  it('marks cookies Secure when PUBLIC_URL is https', async () => {
    const res = await secure.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: 'https://sahifa.example' },
      payload: newCredentials(),
      remoteAddress: uniqueIp(),
    });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/; Secure/);
  });
});
