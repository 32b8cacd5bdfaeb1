import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  confirmEmail,
  cookieHeader,
  getSession,
  newCredentials,
  postAuth,
  signUp,
  uniqueEmail,
  uniqueIp,
} from '#server/test/auth-helpers.ts';
import { lastMailTo, linkIn, mailsTo } from '#server/test/mail.ts';
import { createTestApp, engines, TEST_PUBLIC_URL, type TestApp } from '#server/test/test-app.ts';
import { currentMember } from './require-member.ts';

/** Collects the app's log lines (pino JSON) so a test can read their levels. */
function logCollector() {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: { level: 'debug', stream } };
}

const PINO_ERROR = 50;

describe.each(engines)('auth on %s', (engine) => {
  let t: TestApp;
  const logs = logCollector();
  beforeAll(async () => {
    t = await createTestApp(engine, {
      build: {
        logger: logs.logger,
        plugins: [
          async (app) => {
            app.get('/api/v1/whoami', async (request, reply) => {
              const user = await currentMember(request);
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
  const whoami = (cookie: string) =>
    t.app.inject({ method: 'GET', url: '/api/v1/whoami', headers: { cookie } });

  it('signs up, and the link in the confirmation mail signs in with a member number', async () => {
    const credentials = newCredentials({ name: '  Sara  ' });
    const response = await postAuth(t.app, '/sign-up/email', credentials);
    expect(response.statusCode).toBe(200);
    // No session until the email is confirmed.
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await countUsers(credentials.email)).toBe(1);

    const mail = lastMailTo(t.dataDir, credentials.email);
    expect(mail.subject).toMatch(/Confirm your email/);
    expect(mail.text).toContain('أكِّد');
    const link = linkIn(mail, '/api/auth/verify-email');
    expect(link.origin).toBe(TEST_PUBLIC_URL);

    const confirmed = await confirmEmail(t.app, credentials.email);
    expect(confirmed.statusCode).toBe(302);
    expect(confirmed.headers.location).toBe('/login?verified=1');
    const setCookie = String(confirmed.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/);
    const cookie = cookieHeader(confirmed);

    const user = (await getSession(t.app, cookie)).json().user;
    expect(user.email).toBe(credentials.email);
    expect(user.name).toBe('Sara');
    expect(user.emailVerified).toBe(true);
    expect(Number.isInteger(user.userNumber) && user.userNumber > 1000).toBe(true);
    // What /api/v1 routes see through currentMember.
    expect((await whoami(cookie)).json()).toEqual({ userNumber: user.userNumber });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/whoami' })).statusCode).toBe(401);
  });

  it('answers a sign-up with a registered email exactly as a new one, and mails the owner instead', async () => {
    const { credentials } = await signUp(t.app);
    const fresh = await postAuth(t.app, '/sign-up/email', newCredentials());
    const again = await postAuth(t.app, '/sign-up/email', {
      ...newCredentials(),
      email: credentials.email.toUpperCase(),
    });
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(again.headers['set-cookie']).toBeUndefined();
    const shape = (body: { token: unknown; user: Record<string, unknown> }) => ({
      token: body.token,
      user: Object.keys(body.user).sort(),
    });
    expect(shape(again.json())).toEqual(shape(fresh.json()));
    expect(await countUsers(credentials.email)).toBe(1);
    expect(lastMailTo(t.dataDir, credentials.email).subject).toMatch(/already have a Sahifa account/);
    // The owner's password still works.
    expect((await postAuth(t.app, '/sign-in/email', credentials)).statusCode).toBe(200);
  });

  it('refuses to sign in before the email is confirmed, and mails a fresh link', async () => {
    const credentials = newCredentials();
    await postAuth(t.app, '/sign-up/email', credentials);
    const before = mailsTo(t.dataDir, credentials.email).length;
    const attempt = await postAuth(t.app, '/sign-in/email', credentials);
    expect(attempt.statusCode).toBe(403);
    expect(attempt.json().code).toBe('EMAIL_NOT_VERIFIED');
    expect(attempt.headers['set-cookie']).toBeUndefined();
    expect(mailsTo(t.dataDir, credentials.email).length).toBe(before + 1);
  });

  it('refuses weak passwords, empty names, profile fields and oversized input with 400, writing nothing', async () => {
    const refused = async (overrides: Record<string, unknown>, code?: string) => {
      const body = { ...newCredentials(), ...overrides };
      const response = await postAuth(t.app, '/sign-up/email', body);
      expect(response.statusCode, JSON.stringify(overrides).slice(0, 80)).toBe(400);
      if (code) expect(response.json().code).toBe(code);
      expect(await countUsers(String(body.email))).toBe(0);
      return response.json();
    };
    expect((await refused({ password: 'short' })).message).toMatch(/password/i);
    for (const password of ['12345678', '        ', 'password1', 'qwertyuiop', 'sahifa2026']) {
      expect((await refused({ password }, 'PASSWORD_TOO_WEAK')).message).toMatch(/too easy to guess/);
    }
    // The member's own name is no secret.
    await refused({ name: 'Khadija Rahman', password: 'khadijarahman' }, 'PASSWORD_TOO_WEAK');
    for (const name of ['', '   ', '\u200b\u200d\u2060', 'Sara\u0000'])
      await refused({ name }, 'NAME_REQUIRED');
    await refused({ image: 'javascript:alert(1)' }, 'UNKNOWN_FIELD');
    await refused({ image: `https://tracker.example/${'x'.repeat(866_000)}` });
    expect(await refused({ name: 'x'.repeat(10_000) })).toEqual({
      code: 'NAME_TOO_LONG',
      message: 'Name must be at most 80 characters.',
    });
    await refused({ email: 'not-an-email' });
    await refused({
      email: `${'a'.repeat(60)}.${'b'.repeat(60)}.${'c'.repeat(60)}@${'d'.repeat(60)}.example.com`,
    });
    // An Arabic name and passphrase are welcome.
    const arabic = await postAuth(
      t.app,
      '/sign-up/email',
      newCredentials({ name: 'أمل', password: 'قهوة الصباح مع كتاب' }),
    );
    expect(arabic.statusCode).toBe(200);
  });

  it('gives 20 concurrent sign-ups 20 distinct member numbers', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => signUp(t.app)));
    const numbers = await Promise.all(
      results.map(async (r) => (await getSession(t.app, r.cookie)).json().user.userNumber as number),
    );
    expect(new Set(numbers).size).toBe(20);
    const rows = await t.db.selectFrom('user').select('user_number').execute();
    expect(new Set(rows.map((r) => r.user_number)).size).toBe(rows.length);
  });

  it('signs up in one transaction: when the password cannot be stored, no account is left behind', async () => {
    const credentials = newCredentials();
    if (engine === 'sqlite') {
      await sql`create trigger refuse_account before insert on account begin select raise(abort, 'disk full'); end`.execute(
        t.db,
      );
    } else {
      await sql`create function refuse_account() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$`.execute(
        t.db,
      );
      await sql`create trigger refuse_account before insert on account for each row execute function refuse_account()`.execute(
        t.db,
      );
    }
    try {
      const failed = await postAuth(t.app, '/sign-up/email', credentials);
      expect(failed.statusCode).toBeGreaterThanOrEqual(400);
      expect(await countUsers(credentials.email)).toBe(0);
    } finally {
      await sql`drop trigger refuse_account${engine === 'postgres' ? sql` on account` : sql``}`.execute(t.db);
    }
    // The email is free: the same person can sign up again.
    const { cookie } = await signUp(t.app, credentials);
    expect((await whoami(cookie)).statusCode).toBe(200);
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

  it('mails a reset link that sets a new password, retires the old one and ends every session', async () => {
    const { credentials, cookie: before } = await signUp(t.app);
    expect((await whoami(before)).statusCode).toBe(200);
    const forgot = await postAuth(t.app, '/request-password-reset', {
      email: credentials.email,
      redirectTo: '/reset-password',
    });
    expect(forgot.statusCode).toBe(200);

    const mail = lastMailTo(t.dataDir, credentials.email);
    const url = linkIn(mail, '/reset-password');
    expect(url.origin + url.pathname).toBe(`${TEST_PUBLIC_URL}/reset-password`);
    const token = url.searchParams.get('token');
    expect(token).toBeTruthy();
    expect(mail.text).toContain('كلمة');

    const weak = await postAuth(t.app, '/reset-password', { token, newPassword: '12345678' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().code).toBe('PASSWORD_TOO_WEAK');

    const reset = await postAuth(t.app, '/reset-password', { token, newPassword: 'a brand new password' });
    expect(reset.statusCode).toBe(200);
    // A session from before the reset (perhaps the attacker's) no longer works.
    expect((await whoami(before)).statusCode).toBe(401);
    expect((await getSession(t.app, before)).json()).toBeNull();

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

  it('refuses a NUL in any field with a 400 (PostgreSQL cannot look such a token up)', async () => {
    const reset = await postAuth(t.app, '/reset-password', {
      token: 'a\u0000b',
      newPassword: 'fuzzing lanterns at midnight 42',
    });
    expect(reset.statusCode, reset.body).toBe(400);
    expect(reset.json().code).toBe('INVALID_CHARACTER');
    const signIn = await postAuth(t.app, '/sign-in/email', { email: 'a\u0000@example.com', password: 'x' });
    expect(signIn.statusCode, signIn.body).toBe(400);
  });

  it('ends the other sessions when a member changes their password, even if asked not to', async () => {
    const { credentials, cookie: phone } = await signUp(t.app);
    const laptop = cookieHeader(await postAuth(t.app, '/sign-in/email', credentials));
    const weak = await postAuth(
      t.app,
      '/change-password',
      { currentPassword: credentials.password, newPassword: 'password1' },
      { cookie: laptop },
    );
    expect(weak.statusCode).toBe(400);
    expect((await whoami(phone)).statusCode).toBe(200);

    const changed = await postAuth(
      t.app,
      '/change-password',
      {
        currentPassword: credentials.password,
        newPassword: 'lanterns over the old harbour',
        revokeOtherSessions: false,
      },
      { cookie: laptop },
    );
    expect(changed.statusCode).toBe(200);
    expect((await whoami(phone)).statusCode).toBe(401);
    // The member who changed it stays signed in, on a new session.
    expect((await whoami(cookieHeader(changed))).statusCode).toBe(200);
  });

  it('exposes only the endpoints the web app uses: profile fields cannot be changed through better-auth', async () => {
    const { cookie } = await signUp(t.app);
    for (const [path, body] of [
      ['/update-user', { image: '/uploads/user_avatars/someone-elses', name: '' }],
      ['/delete-user', {}],
      ['/change-email', { newEmail: uniqueEmail('moved') }],
      ['/update-session', {}],
      ['/revoke-sessions', {}],
      ['/link-social', { provider: 'google' }],
    ] as const) {
      const response = await postAuth(t.app, path, body, { cookie });
      expect(response.statusCode, path).toBe(404);
    }
    for (const path of ['/list-accounts', '/list-sessions', '/account-info']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/auth${path}`, headers: { cookie } });
      expect(response.statusCode, path).toBe(404);
    }
    expect((await getSession(t.app, cookie)).json().user.image).toBeNull();
  });

  it('refuses auth posts without the public Origin, and logs client mistakes below error level', async () => {
    const credentials = (await signUp(t.app)).credentials;
    const errorsBefore = logs.lines.filter((l) => l.level >= PINO_ERROR).length;
    const post = (headers: Record<string, string>, payload: string | object = credentials) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers,
        payload,
        remoteAddress: uniqueIp(),
      });
    // No Origin at all, a foreign one, and one made from the Host header the client chose.
    expect((await post({})).statusCode).toBe(403);
    expect((await post({ origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await post({ origin: 'http://evil.example', host: 'evil.example' })).statusCode).toBe(403);
    // Wrong content type and broken JSON are the client's mistakes.
    const wrongType = await post({ origin: TEST_PUBLIC_URL, 'content-type': 'text/plain' }, 'hello');
    expect(wrongType.statusCode).toBeGreaterThanOrEqual(400);
    expect(wrongType.statusCode).toBeLessThan(500);
    const brokenJson = await post(
      { origin: TEST_PUBLIC_URL, 'content-type': 'application/json' },
      '{"email":',
    );
    expect(brokenJson.statusCode).toBeGreaterThanOrEqual(400);
    expect(brokenJson.statusCode).toBeLessThan(500);
    expect(logs.lines.filter((l) => l.level >= PINO_ERROR).slice(errorsBefore)).toEqual([]);
  });

  it('answers a reset request for an unknown email the same way, without a mail', async () => {
    const email = uniqueEmail('nobody');
    const res = await postAuth(t.app, '/request-password-reset', { email });
    expect(res.statusCode).toBe(200);
    expect(mailsTo(t.dataDir, email)).toEqual([]);
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
    const credentials = newCredentials();
    const res = await secure.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: 'https://sahifa.example' },
      payload: credentials,
      remoteAddress: uniqueIp(),
    });
    expect(res.statusCode).toBe(200);
    const link = linkIn(lastMailTo(secure.dataDir, credentials.email), '/api/auth/verify-email');
    expect(link.origin).toBe('https://sahifa.example');
    const confirmed = await confirmEmail(secure.app, credentials.email);
    expect(String(confirmed.headers['set-cookie'])).toMatch(/; Secure/);
  });
});
