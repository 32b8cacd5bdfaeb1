import {
  adminMemberPageSchema,
  adminMemberSchema,
  auditPageSchema,
  reportQueuePageSchema,
} from '@sahifa/contracts/admin';
import { profilePageSchema } from '@sahifa/contracts/community';
import { ACCOUNT_SUSPENDED_CODE, ACCOUNT_SUSPENDED_MESSAGE } from '@sahifa/contracts/moderation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Credentials,
  cookieHeader,
  newCredentials,
  postAuth,
  signUp,
} from '#server/test/auth-helpers.ts';
import { call, insertBook, insertUsers, type TestMember } from '#server/test/library-helpers.ts';
import { createTestApp, engines, type TestApp } from '#server/test/test-app.ts';

type Account = TestMember & { credentials: Credentials };

describe.each(engines)('the console: members and suspension on %s', (engine) => {
  let t: TestApp;
  let boss: Account;
  let opal: Account;
  let alice: Account;
  let bob: Account;
  let wild: Account;

  async function account(name: string, email?: string): Promise<Account> {
    const credentials = newCredentials({ name, ...(email ? { email } : {}) });
    const { response, cookie } = await signUp(t.app, credentials);
    expect(response.statusCode, response.body).toBe(200);
    const user = response.json().user as { id: string; userNumber: number };
    return { id: user.id, userNumber: user.userNumber, cookie, credentials };
  }
  async function signIn(member: Account): Promise<string> {
    const res = await postAuth(t.app, '/sign-in/email', member.credentials);
    expect(res.statusCode, res.body).toBe(200);
    return cookieHeader(res);
  }

  beforeAll(async () => {
    t = await createTestApp(engine, {
      env: { ADMIN_EMAILS: 'boss@sahifa.test' },
      // A write route registered after every module's, as a new module's would be.
      build: { plugins: [async (app) => void app.post('/api/v1/later-write', async () => ({ ok: true }))] },
    });
    boss = await account('Boss Operator', 'BOSS@sahifa.test');
    // Every email written out: a generated one holds the time's digits, which a search by a
    // member's number would also find in it.
    opal = await account('Opal Operator', 'opal@sahifa.test');
    await t.db.updateTable('user').set({ role: 'operator' }).where('id', '=', opal.id).execute();
    alice = await account('Alice Anders', 'alice.anders@mail.test');
    bob = await account('Bob Brown', 'bob@elsewhere.test');
    wild = await account('Zaid 100%_Real', 'zaid@mail.test');
  });
  afterAll(async () => {
    await t?.close();
  });

  const search = async (q: string, cursor?: string, as: TestMember = boss) => {
    const query = new URLSearchParams({ q, ...(cursor ? { cursor } : {}) });
    const res = await call(t.app, as, 'GET', `/api/v1/admin/members?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return adminMemberPageSchema.parse(res.json());
  };
  const numbers = async (q: string) => (await search(q)).items.map((m) => m.userNumber);
  const suspend = (userNumber: number, suspended: boolean, as: TestMember = boss) =>
    call(t.app, as, 'PUT', `/api/v1/admin/members/${userNumber}/suspension`, { suspended });
  const auditItems = async () =>
    auditPageSchema.parse((await call(t.app, boss, 'GET', '/api/v1/admin/audit')).json()).items;
  const suspendedAt = async (id: string) =>
    (await t.db.selectFrom('user').select('suspended_at').where('id', '=', id).executeTakeFirstOrThrow())
      .suspended_at;
  const sessions = async (id: string) =>
    (await t.db.selectFrom('session').select('id').where('user_id', '=', id).execute()).length;

  it('answers 404, as for an unknown route, signed out and to an ordinary member; nothing changes', async () => {
    for (const member of [null, alice]) {
      for (const [method, url, payload] of [
        ['GET', '/api/v1/admin/members', undefined],
        ['GET', `/api/v1/admin/members?q=${alice.userNumber}`, undefined],
        ['PUT', `/api/v1/admin/members/${bob.userNumber}/suspension`, { suspended: true }],
        ['PUT', `/api/v1/admin/members/${bob.userNumber}/suspension`, { suspended: 'soon' }],
      ] as const) {
        const res = await call(t.app, member, method, url, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().error).toEqual({
          code: 'NOT_FOUND',
          message: `No API route ${method} ${url.split('?')[0]}.`,
        });
      }
    }
    expect(await suspendedAt(bob.id)).toBeNull();
    expect(await auditItems()).toEqual([]);
  });

  it('refuses bad input with 400 and an unknown member with 404; nothing is written', async () => {
    for (const url of [
      `/api/v1/admin/members?q=${'x'.repeat(255)}`,
      '/api/v1/admin/members?cursor=%%%',
      `/api/v1/admin/members?cursor=${Buffer.from('["x"]').toString('base64url')}`,
    ]) {
      expect((await call(t.app, boss, 'GET', url)).statusCode, url).toBe(400);
    }
    for (const body of [{}, { suspended: 'yes' }, { suspended: null }, [true]]) {
      const res = await call(t.app, boss, 'PUT', `/api/v1/admin/members/${bob.userNumber}/suspension`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await suspend(Number('9'.repeat(15)), true)).statusCode).toBe(404);
    const badNumber = await call(t.app, boss, 'PUT', '/api/v1/admin/members/abc/suspension', {
      suspended: true,
    });
    expect(badNumber.statusCode).toBe(404);
    expect(badNumber.json().error).toEqual({ code: 'USER_NOT_FOUND', message: 'Darker not found' });
    expect(await suspendedAt(bob.id)).toBeNull();
    expect(await auditItems()).toEqual([]);
  });

  it('finds members by any part of the name or email, in any case, or by number; newest first', async () => {
    const all = await search('');
    expect(all.items.map((m) => m.userNumber)).toEqual(
      [wild, bob, alice, opal, boss].map((m) => m.userNumber),
    );
    expect(await numbers('aNDErs')).toEqual([alice.userNumber]);
    expect(await numbers('ELSEWHERE.test')).toEqual([bob.userNumber]);
    expect(await numbers('mail.test')).toEqual([wild.userNumber, alice.userNumber]);
    expect(await numbers(String(bob.userNumber))).toEqual([bob.userNumber]);
    expect(await numbers(`#${alice.userNumber}`)).toEqual([alice.userNumber]);
    // LIKE wildcards are plain characters here.
    expect(await numbers('%')).toEqual([wild.userNumber]);
    expect(await numbers('0%_r')).toEqual([wild.userNumber]);
    expect(await numbers('_')).toEqual([wild.userNumber]);
    expect(await numbers('nobody at all')).toEqual([]);
    // Beyond any member number (and the integer column): nobody, not an error.
    expect(await numbers('99999999999')).toEqual([]);
  });

  it('shows the plan, the operator flag and the counts', async () => {
    const now = new Date().toISOString();
    await t.db
      .insertInto('subscription')
      .values([
        { user_id: alice.id, stripe_customer_id: 'cus_alice', status: 'active', updated_at: now },
        { user_id: bob.id, stripe_customer_id: 'cus_bob', status: 'canceled', updated_at: now },
      ])
      .execute();
    const thought = await call(t.app, alice, 'POST', '/api/v1/thoughts', { content: 'Counted.' });
    const thoughtId = thought.json().id as string;
    await call(t.app, alice, 'POST', `/api/v1/thoughts/${thoughtId}/replies`, { reply: 'Me too.' });
    await t.db
      .insertInto('category')
      .values({ id: 'philosophy', title: 'Philosophy', title_ar: 'الفلسفة', sort_order: 1 })
      .execute();
    await insertBook(t.db, {
      id: 'alice-summary',
      categoryId: 'philosophy',
      addedAt: now,
      source: 'member',
      userId: alice.id,
    });
    await call(t.app, bob, 'POST', '/api/v1/books/alice-summary/comments', { rating: 3 });
    await call(t.app, alice, 'POST', '/api/v1/books/alice-summary/comments', { rating: 5 });
    const reported = await call(t.app, bob, 'POST', '/api/v1/reports', {
      kind: 'thought',
      targetId: thoughtId,
      reason: 'spam',
    });
    expect(reported.statusCode).toBe(201);

    const byNumber = new Map((await search('')).items.map((m) => [m.userNumber, m]));
    expect(byNumber.get(alice.userNumber)).toEqual({
      userNumber: alice.userNumber,
      displayName: 'Alice Anders',
      photoURL: null,
      email: 'alice.anders@mail.test',
      joinedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      plan: 'plus',
      operator: false,
      suspendedAt: null,
      counts: { thoughts: 1, replies: 1, comments: 1, summaries: 1, reportsAgainst: 1 },
    });
    expect(byNumber.get(bob.userNumber)).toMatchObject({
      plan: 'free',
      operator: false,
      counts: { thoughts: 0, replies: 0, comments: 1, summaries: 0, reportsAgainst: 0 },
    });
    expect(byNumber.get(boss.userNumber)).toMatchObject({ email: 'boss@sahifa.test', operator: true });
    expect(byNumber.get(opal.userNumber)?.operator).toBe(true);

    // The public profile shows the Plus badge from the same subscription state.
    const profileOf = async (member: TestMember) =>
      profilePageSchema.parse((await call(t.app, bob, 'GET', `/api/v1/users/${member.userNumber}`)).json())
        .profile.plus;
    expect(await profileOf(alice)).toBe(true);
    expect(await profileOf(bob)).toBe(false);
    expect(await profileOf(wild)).toBe(false);
  });

  it('pages newest first by cursor', async () => {
    const base = engine === 'postgres' ? 810_000 : 800_000;
    await insertUsers(
      t.db,
      engine,
      Array.from({ length: 25 }, (_, i) => ({
        id: `paged-${i}`,
        number: base + i,
        name: `Paged Reader ${i}`,
      })),
    );
    const first = await search('paged reader');
    expect(first.items).toHaveLength(20);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await search('paged reader', first.nextCursor ?? undefined);
    expect(second.nextCursor).toBeNull();
    expect([...first.items, ...second.items].map((m) => m.userNumber)).toEqual(
      Array.from({ length: 25 }, (_, i) => base + 24 - i),
    );
  });

  it('suspends: sessions end at once, the member reads after signing in again but cannot write', async () => {
    expect(await sessions(alice.id)).toBeGreaterThan(0);
    const res = await suspend(alice.userNumber, true);
    expect(res.statusCode, res.body).toBe(200);
    const member = adminMemberSchema.parse(res.json());
    expect(member.userNumber).toBe(alice.userNumber);
    expect(member.suspendedAt).toEqual(expect.any(String));
    expect(await sessions(alice.id)).toBe(0);

    // The old cookie is signed out.
    const stale = await call(t.app, alice, 'GET', '/api/v1/thoughts');
    expect(stale.statusCode).toBe(401);
    // Signing in again: reading works, writing does not.
    const reader = { ...alice, cookie: await signIn(alice) };
    expect((await call(t.app, reader, 'GET', '/api/v1/thoughts')).statusCode).toBe(200);
    for (const [method, url, body] of [
      ['POST', '/api/v1/thoughts', { content: 'Let me back in.' }],
      ['PUT', `/api/v1/blocks/${bob.userNumber}`, undefined],
      ['POST', '/api/v1/reports', { kind: 'thought', targetId: 'x', reason: 'spam' }],
      ['POST', '/api/v1/later-write', {}],
    ] as const) {
      const refused = await call(t.app, reader, method, url, body);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json().error).toEqual({
        code: ACCOUNT_SUSPENDED_CODE,
        message: ACCOUNT_SUSPENDED_MESSAGE,
      });
    }
    expect((await search(String(alice.userNumber))).items[0]?.suspendedAt).toBe(member.suspendedAt);
    const queue = reportQueuePageSchema.parse(
      (await call(t.app, opal, 'GET', '/api/v1/admin/reports')).json(),
    );
    const onAlice = queue.items.find((r) => r.target.author?.userNumber === alice.userNumber);
    expect(onAlice?.target.authorSuspended).toBe(true);

    // Suspending again changes nothing (the session opened to read stays) and records nothing more.
    const again = await suspend(alice.userNumber, true);
    expect(adminMemberSchema.parse(again.json()).suspendedAt).toBe(member.suspendedAt);
    expect((await call(t.app, reader, 'GET', '/api/v1/thoughts')).statusCode).toBe(200);
    const audit = await auditItems();
    expect(audit.filter((e) => e.action === 'member.suspend')).toEqual([
      {
        id: expect.any(String),
        actor: 'boss@sahifa.test',
        action: 'member.suspend',
        targetKind: 'member',
        targetId: String(alice.userNumber),
        summary: `Suspended #${alice.userNumber}`,
        date: expect.any(String),
      },
    ]);

    // Restored: the same session writes again.
    const restored = await suspend(alice.userNumber, false, opal);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(adminMemberSchema.parse(restored.json()).suspendedAt).toBeNull();
    expect((await call(t.app, reader, 'POST', '/api/v1/thoughts', { content: 'Back.' })).statusCode).toBe(
      201,
    );
    expect((await auditItems())[0]).toMatchObject({
      actor: opal.credentials.email.toLowerCase(),
      action: 'member.restore',
      summary: `Restored #${alice.userNumber}`,
    });
  });

  it('refuses to suspend oneself or another operator (400); nothing changes', async () => {
    const before = (await auditItems()).length;
    for (const [as, target] of [
      [boss, boss],
      [boss, opal],
      [opal, boss],
      [opal, opal],
    ] as const) {
      const res = await suspend(target.userNumber, true, as);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe('CANNOT_SUSPEND');
      expect(await suspendedAt(target.id)).toBeNull();
    }
    expect(await sessions(boss.id)).toBeGreaterThan(0);
    expect((await auditItems()).length).toBe(before);
  });
});
