// A member writes to support: stored as the spec's record, mailed to the operators (the default
// transport writes DATA_DIR/mail), at most five an hour, listed back with their status.
import {
  type SupportMessage,
  supportMessagePageSchema,
  supportMessageSchema,
} from '@sahifa/contracts/support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUpMember, type TestMember } from '#server/test/library-helpers.ts';
import { mailsTo, type SavedMail } from '#server/test/mail.ts';
import { createTestApp, engines, type TestApp } from '#server/test/test-app.ts';

const deviceInfo = {
  userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)',
  screen: '390×844 @3x',
  language: 'ar-SA',
  appVersion: '1.4.0',
};

/** The file transport keeps every field it was given, Reply-To included. */
type MailWithReplyTo = SavedMail & { replyTo?: string };

describe.each(engines)('support messages on %s', (engine) => {
  let t: TestApp;
  let alice: TestMember;
  let bob: TestMember;

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { SUPPORT_EMAIL: 'help@sahifa.test' } });
    alice = await signUpMember(t.app, 'Alice');
    bob = await signUpMember(t.app, 'Bob');
  });
  afterAll(async () => {
    await t?.close();
  });

  const emailOf = async (member: TestMember) =>
    (await t.db.selectFrom('user').select('email').where('id', '=', member.id).executeTakeFirstOrThrow())
      .email;
  const countOf = async (member: TestMember) =>
    Number(
      (
        await t.db
          .selectFrom('support_message')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('user_id', '=', member.id)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const operatorsMails = () => mailsTo(t.dataDir, 'help@sahifa.test') as MailWithReplyTo[];

  async function send(member: TestMember, message: string, email = 'reply@example.com') {
    const res = await call(t.app, member, 'POST', '/api/v1/support', { message, email, deviceInfo });
    expect(res.statusCode, res.body).toBe(201);
    return supportMessageSchema.parse(res.json());
  }

  it('refuses both endpoints when signed out', async () => {
    for (const [method, payload] of [
      ['GET'],
      ['POST', { message: 'Hi', email: 'a@b.co', deviceInfo }],
    ] as const) {
      const res = await call(t.app, null, method, '/api/v1/support', payload);
      expect(res.statusCode, method).toBe(401);
      expect(res.json().error.message).toBe('No authenticated user');
    }
  });

  it('stores the message first, then mails it to the operators with the member as Reply-To', async () => {
    const message = '  The Arabic pages of The Art of War do not load on my phone.\nCan you help?  ';
    const sent = await send(alice, message, 'alice.replies@example.com');
    expect(sent).toMatchObject({
      message: message.trim(),
      email: 'alice.replies@example.com',
      deviceInfo,
      status: 'open',
      answeredAt: null,
    });
    expect(new Date(sent.date).toISOString()).toBe(sent.date);

    const row = await t.db
      .selectFrom('support_message')
      .selectAll()
      .where('id', '=', sent.id)
      .executeTakeFirstOrThrow();
    const accountEmail = await emailOf(alice);
    expect(row).toMatchObject({
      user_id: alice.id,
      message: message.trim(),
      email: 'alice.replies@example.com',
      sender_email: accountEmail,
      date: sent.date,
      status: 'open',
      answered_at: null,
      mail_status: 'sent',
    });
    expect(JSON.parse(row.device_info ?? 'null')).toEqual(deviceInfo);

    const mail = operatorsMails().at(-1);
    expect(mail?.replyTo).toBe('alice.replies@example.com');
    expect(mail?.subject).toBe(
      `Support from Alice (#${alice.userNumber}): The Arabic pages of The Art of War do not load on my phone.…`,
    );
    for (const part of [
      `Alice (#${alice.userNumber})`,
      `Account email: ${accountEmail}`,
      'Reply to: alice.replies@example.com',
      `${deviceInfo.userAgent} · screen ${deviceInfo.screen} · language ar-SA · app 1.4.0`,
      message.trim(),
      `http://localhost:3000/app/admin/support/${sent.id}`,
    ]) {
      expect(mail?.text).toContain(part);
    }
    expect(mail?.html).toContain('Reply to</th><td>alice.replies@example.com');
  });

  it('refuses bad input with a 400 and stores nothing', async () => {
    const carol = await signUpMember(t.app, 'Carol');
    const mailsBefore = operatorsMails().length;
    const good = { message: 'Hello', email: 'carol@example.com', deviceInfo };
    const bad: [string, unknown][] = [
      ['empty message', { ...good, message: '' }],
      ['blank message', { ...good, message: ' \n\t\u200b ' }],
      ['5,001 characters', { ...good, message: 'x'.repeat(5_001) }],
      ['a control character', { ...good, message: 'Hi\u0000there' }],
      ['no message', { email: good.email, deviceInfo }],
      ['bad email', { ...good, email: 'not-an-email' }],
      ['no email', { message: good.message, deviceInfo }],
      ['no device info', { message: good.message, email: good.email }],
      ['device info missing a field', { ...good, deviceInfo: { ...deviceInfo, screen: undefined } }],
      ['device info with an extra field', { ...good, deviceInfo: { ...deviceInfo, cookies: 'x' } }],
      ['oversized user agent', { ...good, deviceInfo: { ...deviceInfo, userAgent: 'U'.repeat(501) } }],
    ];
    for (const [label, payload] of bad) {
      const res = await call(t.app, carol, 'POST', '/api/v1/support', payload);
      expect(res.statusCode, label).toBe(400);
      expect(res.json().error.code, label).toBe('VALIDATION_ERROR');
    }
    expect(await countOf(carol)).toBe(0);
    expect(operatorsMails()).toHaveLength(mailsBefore);

    await send(carol, 'x'.repeat(5_000));
    expect(await countOf(carol)).toBe(1);
  });

  it('accepts five messages in a rolling hour; the sixth gets a 429 with Retry-After and nothing stored', async () => {
    const dan = await signUpMember(t.app, 'Dan');
    for (let i = 1; i <= 5; i++) await send(dan, `Message ${i}`);
    const mailsBefore = operatorsMails().length;

    const res = await call(t.app, dan, 'POST', '/api/v1/support', {
      message: 'Message 6',
      email: 'reply@example.com',
      deviceInfo,
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toEqual({
      code: 'SUPPORT_RATE_LIMITED',
      message: 'You have sent 5 messages to support in the past hour. You can write again in 60 minutes.',
    });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3_500);
    expect(retryAfter).toBeLessThanOrEqual(3_600);
    expect(await countOf(dan)).toBe(5);
    expect(operatorsMails()).toHaveLength(mailsBefore);

    // Other members are not counted with Dan.
    await send(bob, 'Bob is not limited by Dan');

    // 40 minutes later by the clock of the first message: one more may be sent in 20 minutes.
    const first = await t.db
      .selectFrom('support_message')
      .select('id')
      .where('user_id', '=', dan.id)
      .where('message', '=', 'Message 1')
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('support_message')
      .set({ date: new Date(Date.now() - 40 * 60_000).toISOString() })
      .where('id', '=', first.id)
      .execute();
    const later = await call(t.app, dan, 'POST', '/api/v1/support', {
      message: 'Message 6',
      email: 'reply@example.com',
      deviceInfo,
    });
    expect(later.statusCode).toBe(429);
    expect(later.json().error.message).toMatch(/You can write again in 20 minutes\.$/);
    expect(Number(later.headers['retry-after'])).toBeLessThanOrEqual(20 * 60);

    // Once it is more than an hour old it no longer counts.
    await t.db
      .updateTable('support_message')
      .set({ date: new Date(Date.now() - 61 * 60_000).toISOString() })
      .where('id', '=', first.id)
      .execute();
    await send(dan, 'Message 6');
    expect(await countOf(dan)).toBe(6);
  });

  it("lists only the member's own messages, newest first, a page at a time, with their status", async () => {
    const erin = await signUpMember(t.app, 'Erin');
    const base = Date.parse('2026-01-01T00:00:00.000Z');
    await t.db
      .insertInto('support_message')
      .values(
        Array.from({ length: 23 }, (_, i) => ({
          id: `erin-${String(i).padStart(2, '0')}`,
          user_id: erin.id,
          message: `Old message ${i}`,
          email: 'erin@example.com',
          sender_email: 'erin@example.com',
          date: new Date(base + i * 60_000).toISOString(),
          device_info: JSON.stringify(deviceInfo),
          status: i === 0 ? ('answered' as const) : ('open' as const),
          answered_at: i === 0 ? new Date(base + 3_600_000).toISOString() : null,
          mail_status: 'sent' as const,
        })),
      )
      .execute();
    const latest = await send(erin, 'The newest one');

    const first = await call(t.app, erin, 'GET', '/api/v1/support');
    expect(first.statusCode).toBe(200);
    const page1 = supportMessagePageSchema.parse(first.json());
    expect(page1.items).toHaveLength(20);
    expect(page1.items[0]).toEqual(latest);
    expect(page1.items[1]?.id).toBe('erin-22');
    expect(page1.nextCursor).not.toBeNull();

    const second = await call(
      t.app,
      erin,
      'GET',
      `/api/v1/support?cursor=${encodeURIComponent(page1.nextCursor ?? '')}`,
    );
    const page2 = supportMessagePageSchema.parse(second.json());
    expect(page2.items.map((m: SupportMessage) => m.id)).toEqual([
      'erin-03',
      'erin-02',
      'erin-01',
      'erin-00',
    ]);
    expect(page2.nextCursor).toBeNull();
    expect(page2.items.at(-1)).toMatchObject({ status: 'answered', answeredAt: '2026-01-01T01:00:00.000Z' });
    expect(page2.items.at(-2)).toMatchObject({ status: 'open', answeredAt: null, deviceInfo });

    // Bob sees his own only.
    const bobs = supportMessagePageSchema.parse((await call(t.app, bob, 'GET', '/api/v1/support')).json());
    expect(bobs.items.map((m) => m.message)).toEqual(['Bob is not limited by Dan']);

    const badCursor = await call(t.app, erin, 'GET', '/api/v1/support?cursor=nonsense!');
    expect(badCursor.statusCode).toBe(400);
  });

  it('lets a suspended member write to support, and nothing else', async () => {
    const frank = await signUpMember(t.app, 'Frank');
    await t.db
      .updateTable('user')
      .set({ suspended_at: new Date().toISOString() })
      .where('id', '=', frank.id)
      .execute();
    const thought = await call(t.app, frank, 'POST', '/api/v1/thoughts', { content: 'Let me post' });
    expect(thought.statusCode).toBe(403);

    const sent = await send(frank, 'Why was I suspended?', 'frank@example.com');
    expect(sent.status).toBe('open');
    expect(await countOf(frank)).toBe(1);
    expect(operatorsMails().at(-1)?.text).toContain('Why was I suspended?');
    const mine = supportMessagePageSchema.parse((await call(t.app, frank, 'GET', '/api/v1/support')).json());
    expect(mine.items.map((m) => m.id)).toEqual([sent.id]);
  });
});
