// The operators' support inbox: invisible (404) to everyone but operators; list and read messages
// with their device and replies, answer by mail (the member then sees 'answered'), reopen.
import { auditPageSchema } from '@sahifa/contracts/admin';
import {
  type InboxMessage,
  inboxMessageSchema,
  inboxPageSchema,
  supportMessagePageSchema,
  supportMessageSchema,
} from '@sahifa/contracts/support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCredentials, signUp, uniqueEmail } from '#server/test/auth-helpers.ts';
import { call, countQueries, signUpMember, type TestMember } from '#server/test/library-helpers.ts';
import { lastMailTo, mailsTo, type SavedMail } from '#server/test/mail.ts';
import { createTestApp, engines, type TestApp } from '#server/test/test-app.ts';

const deviceInfo = {
  userAgent: 'Firefox/140.0',
  screen: '1440×900 @2x',
  language: 'en-GB',
  appVersion: '1.4.0',
};

describe.each(engines)('the support inbox on %s', (engine) => {
  const operatorEmail = uniqueEmail('operator');
  let t: TestApp;
  let operator: TestMember;
  let alice: TestMember;
  let bob: TestMember;

  beforeAll(async () => {
    t = await createTestApp(engine, {
      env: { ADMIN_EMAILS: `someone@else.test, ${operatorEmail.toUpperCase()}` },
    });
    const { response, cookie } = await signUp(t.app, newCredentials({ name: 'Olive', email: operatorEmail }));
    const user = response.json().user as { id: string; userNumber: number };
    operator = { id: user.id, userNumber: user.userNumber, cookie };
    alice = await signUpMember(t.app, 'Alice');
    bob = await signUpMember(t.app, 'Bob');
  });
  afterAll(async () => {
    await t?.close();
  });

  async function send(member: TestMember, message: string, email: string) {
    const res = await call(t.app, member, 'POST', '/api/v1/support', { message, email, deviceInfo });
    expect(res.statusCode, res.body).toBe(201);
    return supportMessageSchema.parse(res.json());
  }
  const inbox = async (query = '') => {
    const res = await call(t.app, operator, 'GET', `/api/v1/admin/support${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return inboxPageSchema.parse(res.json());
  };
  const replyCount = async () =>
    Number(
      (
        await t.db
          .selectFrom('support_reply')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('answers every console route exactly as an unknown route to the signed out and to members', async () => {
    const message = await send(alice, 'Is anyone there?', 'alice@example.com');
    const routes: [Parameters<typeof call>[2], string, unknown?][] = [
      ['GET', '/api/v1/admin/support'],
      ['GET', '/api/v1/admin/support?status=all'],
      ['GET', `/api/v1/admin/support/${message.id}`],
      ['POST', `/api/v1/admin/support/${message.id}/replies`, { body: 'Hello' }],
      ['PUT', `/api/v1/admin/support/${message.id}/status`, { status: 'answered' }],
      ['POST', `/api/v1/admin/support/${message.id}/replies`, { body: '' }],
    ];
    for (const who of [null, alice]) {
      for (const [method, url, payload] of routes) {
        const res = await call(t.app, who, method, url, payload);
        const path = url.split('?')[0];
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json()).toEqual({
          error: { code: 'NOT_FOUND', message: `No API route ${method} ${path}.` },
        });
        const unknown = await call(t.app, who, method, `${path}/nothing-here`, payload);
        expect(unknown.json().error.code).toBe('NOT_FOUND');
      }
    }
    expect(await replyCount()).toBe(0);
    const row = await t.db
      .selectFrom('support_message')
      .select('status')
      .where('id', '=', message.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('open');
  });

  it('lists messages newest first with the sender and device, filtered by status', async () => {
    const fromBob = await send(bob, 'My bookmarks are gone.', 'bob.replies@example.com');
    const open = await inbox();
    expect(open.items[0]).toEqual({
      ...fromBob,
      senderEmail: (
        await t.db.selectFrom('user').select('email').where('id', '=', bob.id).executeTakeFirstOrThrow()
      ).email,
      sender: { userNumber: bob.userNumber, displayName: 'Bob', photoURL: null },
      mailStatus: 'sent',
      replies: [],
    } satisfies InboxMessage);
    expect(open.items.every((m) => m.status === 'open')).toBe(true);
    expect(await inbox('?status=answered')).toEqual({ items: [], nextCursor: null });

    const one = await call(t.app, operator, 'GET', `/api/v1/admin/support/${fromBob.id}`);
    expect(one.statusCode).toBe(200);
    expect(inboxMessageSchema.parse(one.json())).toEqual(open.items[0]);

    const missing = await call(t.app, operator, 'GET', '/api/v1/admin/support/no-such-message');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('SUPPORT_MESSAGE_NOT_FOUND');
    expect((await call(t.app, operator, 'GET', '/api/v1/admin/support?status=closed')).statusCode).toBe(400);
  });

  it("replies by mail to the member's reply-to address, marks the message answered and audits it", async () => {
    const message = await send(
      alice,
      'How do I change my theme?\nI looked everywhere.',
      'alice.home@example.com',
    );
    const res = await call(t.app, operator, 'POST', `/api/v1/admin/support/${message.id}/replies`, {
      body: '  Open Settings, then Theme.\n— Olive  ',
    });
    expect(res.statusCode, res.body).toBe(201);
    const answered = inboxMessageSchema.parse(res.json());
    expect(answered).toMatchObject({ id: message.id, status: 'answered', mailStatus: 'sent' });
    expect(answered.answeredAt).not.toBeNull();
    expect(answered.replies).toEqual([
      {
        id: expect.any(String),
        body: 'Open Settings, then Theme.\n— Olive',
        date: answered.answeredAt,
        operator: { userNumber: operator.userNumber, displayName: 'Olive', photoURL: null },
        mailStatus: 'sent',
      },
    ]);

    const mail = lastMailTo(t.dataDir, 'alice.home@example.com') as SavedMail & { replyTo?: string };
    expect(mail.subject).toBe('Sahifa support replied · ردّ دعم صحيفة');
    expect(mail.replyTo).toBe('support@localhost');
    expect(mail.text).toContain('Open Settings, then Theme.\n— Olive');
    expect(mail.text).toContain('> How do I change my theme?\n> I looked everywhere.');
    expect(mail.html).toContain(
      '<blockquote dir="auto" style="white-space: pre-wrap">How do I change my theme?',
    );

    const audit = auditPageSchema.parse((await call(t.app, operator, 'GET', '/api/v1/admin/audit')).json());
    expect(audit.items[0]).toMatchObject({
      actor: operatorEmail,
      action: 'support.reply',
      targetKind: 'support_message',
      targetId: message.id,
      summary: `Replied to a support message from #${alice.userNumber}`,
    });

    const mine = supportMessagePageSchema.parse((await call(t.app, alice, 'GET', '/api/v1/support')).json());
    expect(mine.items.find((m) => m.id === message.id)).toMatchObject({
      status: 'answered',
      answeredAt: answered.answeredAt,
    });
    expect((await inbox('?status=answered')).items.map((m) => m.id)).toEqual([message.id]);
    expect((await inbox()).items.map((m) => m.id)).not.toContain(message.id);
  });

  it('refuses an empty or oversized reply, and a reply to a message that does not exist', async () => {
    const message = await send(bob, 'Please answer', 'bob@example.com');
    const before = await replyCount();
    const mailsBefore = mailsTo(t.dataDir, 'bob@example.com').length;
    for (const body of ['', '   ', 'x'.repeat(5_001)]) {
      const res = await call(t.app, operator, 'POST', `/api/v1/admin/support/${message.id}/replies`, {
        body,
      });
      expect(res.statusCode).toBe(400);
    }
    const missing = await call(t.app, operator, 'POST', '/api/v1/admin/support/nope/replies', { body: 'Hi' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('SUPPORT_MESSAGE_NOT_FOUND');
    expect(await replyCount()).toBe(before);
    expect(mailsTo(t.dataDir, 'bob@example.com')).toHaveLength(mailsBefore);
  });

  it('marks a message answered or open again, and audits each change', async () => {
    const message = await send(bob, 'Solved it myself, thanks', 'bob@example.com');
    const put = (status: string, id = message.id) =>
      call(t.app, operator, 'PUT', `/api/v1/admin/support/${id}/status`, { status });

    const answered = inboxMessageSchema.parse((await put('answered')).json());
    expect(answered).toMatchObject({ status: 'answered', replies: [] });
    expect(answered.answeredAt).not.toBeNull();
    // Marking it answered again keeps when it was answered.
    expect(inboxMessageSchema.parse((await put('answered')).json()).answeredAt).toBe(answered.answeredAt);

    const reopened = await put('open');
    expect(reopened.statusCode).toBe(200);
    expect(inboxMessageSchema.parse(reopened.json())).toMatchObject({ status: 'open', answeredAt: null });

    expect((await put('closed')).statusCode).toBe(400);
    expect((await put('open', 'no-such-message')).statusCode).toBe(404);

    const audit = auditPageSchema.parse((await call(t.app, operator, 'GET', '/api/v1/admin/audit')).json());
    expect(audit.items.slice(0, 3).map((e) => [e.action, e.targetId, e.summary])).toEqual([
      ['support.status', message.id, `Marked a support message from #${bob.userNumber} open`],
      ['support.status', message.id, `Marked a support message from #${bob.userNumber} answered`],
      ['support.status', message.id, `Marked a support message from #${bob.userNumber} answered`],
    ]);
  });

  it('reads a page of the inbox with every reply in the same number of queries, however many', async () => {
    const page = async () => inbox('?status=all');
    const before = await countQueries(engine, page);
    // Three more answered messages, each with two replies.
    for (let i = 0; i < 3; i++) {
      const message = await send(alice, `Question ${i}`, 'alice@example.com');
      for (const body of ['First answer', 'Second answer']) {
        const res = await call(t.app, operator, 'POST', `/api/v1/admin/support/${message.id}/replies`, {
          body,
        });
        expect(res.statusCode).toBe(201);
      }
    }
    const all = await page();
    expect(all.items[0]?.replies.map((r) => r.body)).toEqual(['First answer', 'Second answer']);
    expect(await countQueries(engine, page)).toBe(before);
  });

  it('pages through the inbox newest first and shows a deleted account as null', async () => {
    const base = Date.parse('2025-06-01T00:00:00.000Z');
    await t.db
      .insertInto('support_message')
      .values(
        Array.from({ length: 25 }, (_, i) => ({
          id: `old-${String(i).padStart(2, '0')}`,
          user_id: null,
          message: `From long ago ${i}`,
          email: 'gone@example.com',
          sender_email: 'gone@example.com',
          date: new Date(base + i * 60_000).toISOString(),
          device_info: null,
        })),
      )
      .execute();
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page = await inbox(`?status=open${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(20);
      seen.push(...page.items.map((m) => m.id));
      cursor = page.nextCursor;
    }
    const old = seen.filter((id) => id.startsWith('old-'));
    expect(old).toEqual(Array.from({ length: 25 }, (_, i) => `old-${String(24 - i).padStart(2, '0')}`));
    expect(new Set(seen).size).toBe(seen.length);

    const gone = inboxMessageSchema.parse(
      (await call(t.app, operator, 'GET', '/api/v1/admin/support/old-00')).json(),
    );
    expect(gone).toMatchObject({
      sender: null,
      deviceInfo: null,
      senderEmail: 'gone@example.com',
      mailStatus: 'pending',
    });
  });
});
