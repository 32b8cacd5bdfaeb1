// Remembered session lookups (auth/session-cache.ts, docs/decisions/010-caching.md): every write
// that ends or changes a session on this instance is visible in the very next request; a session
// ended by another instance (straight in the database here) is honoured within the TTL.
import { thoughtSchema } from '@sahifa/contracts/community';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { newCredentials, postAuth, signUp } from '#server/test/auth-helpers.ts';
import { call, callMultipart, signUpMember, type TestMember } from '#server/test/library-helpers.ts';
import { createTestApp, engines, type TestApp } from '#server/test/test-app.ts';
import { MAX_KEY_LENGTH, SESSION_CACHE_TTL_MS } from './session-cache.ts';

describe.each(engines)('remembered sessions on %s', (engine) => {
  let t: TestApp;
  let boss: TestMember;

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { ADMIN_EMAILS: 'boss@sahifa.test' } });
    const { response, cookie } = await signUp(t.app, newCredentials({ email: 'boss@sahifa.test' }));
    boss = { ...(response.json().user as { id: string; userNumber: number }), cookie };
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const account = (member: TestMember) => call(t.app, member, 'GET', '/api/v1/me/account');
  const post = (member: TestMember, content: string) =>
    call(t.app, member, 'POST', '/api/v1/thoughts', { content });

  it('a sign-out is visible at once', async () => {
    const member = await signUpMember(t.app);
    expect((await account(member)).statusCode).toBe(200);
    expect((await postAuth(t.app, '/sign-out', {}, { cookie: member.cookie })).statusCode).toBe(200);
    expect((await account(member)).statusCode).toBe(401);
  });

  it('a suspension is visible at once: the member is signed out', async () => {
    const member = await signUpMember(t.app);
    expect((await post(member, 'Before the suspension.')).statusCode).toBe(201);
    const suspended = await call(
      t.app,
      boss,
      'PUT',
      `/api/v1/admin/members/${member.userNumber}/suspension`,
      {
        suspended: true,
      },
    );
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect((await post(member, 'After the suspension.')).statusCode).toBe(401);
  });

  /** The name a thought was posted under (stored with it, from the session's member). */
  const postedAs = async (member: TestMember, content: string) => {
    const { id } = thoughtSchema.parse((await post(member, content)).json());
    const row = await t.db
      .selectFrom('thought')
      .select('added_by')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return row.added_by;
  };

  it('a new name is on the very next thought', async () => {
    const member = await signUpMember(t.app, 'Old Name');
    expect(await postedAs(member, 'First.')).toBe('Old Name');
    const renamed = await callMultipart(t.app, member, 'PATCH', '/api/v1/me/profile', {
      data: JSON.stringify({ displayName: 'New Name' }),
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await postedAs(member, 'Second.')).toBe('New Name');
  });

  it('a session ended elsewhere is remembered for at most SESSION_CACHE_TTL_MS', async () => {
    const member = await signUpMember(t.app);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    expect((await account(member)).statusCode).toBe(200);
    // Another instance's sign-out: the row goes, this instance is not told.
    await t.db.deleteFrom('session').where('user_id', '=', member.id).execute();
    expect((await account(member)).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + SESSION_CACHE_TTL_MS + 1);
    expect((await account(member)).statusCode).toBe(401);
  });

  it('a Cookie header too long to remember is looked up on every request', async () => {
    const member = await signUpMember(t.app);
    const padded = { ...member, cookie: `${member.cookie}; pad=${'x'.repeat(MAX_KEY_LENGTH)}` };
    expect((await account(padded)).statusCode).toBe(200);
    await t.db.deleteFrom('session').where('user_id', '=', member.id).execute();
    expect((await account(padded)).statusCode).toBe(401);
  });
});
