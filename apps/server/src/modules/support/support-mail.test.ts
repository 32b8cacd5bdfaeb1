// Nothing is lost when the mail transport fails: the member still gets a 201, the message and the
// operator's reply are kept and marked 'unsent', and the retry sends them once SMTP answers again
// (a local server speaking SMTP, nodemailer's smtp-server, stopped and started on one port).
import type { AddressInfo } from 'node:net';
import { supportMessageSchema } from '@sahifa/contracts/support';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMemberReads } from '#server/kernel/member-reads.ts';
import { createMailer } from '#server/mail/mailer.ts';
import { createServices } from '#server/modules/index.ts';
import { createStorage } from '#server/storage/create-storage.ts';
import { cookieHeader, newCredentials, postAuth, uniqueEmail } from '#server/test/auth-helpers.ts';
import { call, type TestMember } from '#server/test/library-helpers.ts';
import { createTestApp, engines, type TestApp } from '#server/test/test-app.ts';
import { SUPPORT_MAIL_MAX_ATTEMPTS } from './support.service.ts';

const deviceInfo = { userAgent: 'Safari/17', screen: '390×844 @3x', language: 'en-US', appVersion: '1.4.0' };

interface Received {
  to: string[];
  raw: string;
}

async function startSmtpServer(port = 0) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  return { server, received, port: (server.server.address() as AddressInfo).port };
}

type Smtp = Awaited<ReturnType<typeof startSmtpServer>>;

const stopSmtpServer = (smtp: Smtp) => new Promise<void>((resolve) => smtp.server.close(() => resolve()));

const replyToOf = (mail: Received | undefined) => mail?.raw.match(/^Reply-To: (.+)$/im)?.[1]?.trim();

describe.each(engines)('support mail when the transport fails, on %s', (engine) => {
  const operatorEmail = uniqueEmail('operator');
  let smtp: Smtp;
  let t: TestApp;
  let operator: TestMember;
  let alice: TestMember;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp(engine, {
      env: {
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        SUPPORT_EMAIL: 'help@sahifa.test',
        ADMIN_EMAILS: operatorEmail,
      },
    });
    operator = await signUpOverSmtp('Olive', operatorEmail);
    alice = await signUpOverSmtp('Alice', uniqueEmail('alice'));
    // Mail is down from here on: nothing listens on the SMTP port.
    await stopSmtpServer(smtp);
  });
  afterAll(async () => {
    await t?.close();
    if (smtp?.server.server.listening) await stopSmtpServer(smtp);
  });

  /** Signs up and follows the confirmation link that arrived over SMTP. */
  async function signUpOverSmtp(name: string, email: string): Promise<TestMember> {
    const response = await postAuth(t.app, '/sign-up/email', newCredentials({ name, email }));
    expect(response.statusCode, response.body).toBe(200);
    await vi.waitFor(() => expect(smtp.received.some((m) => m.to.includes(email))).toBe(true));
    const raw = smtp.received
      .find((m) => m.to.includes(email))
      ?.raw.replace(/=\r\n/g, '')
      .replace(/=3D/g, '=');
    const link = new URL(
      raw?.match(/http:\/\/localhost:3000\/api\/auth\/verify-email\?token=[\w.-]+/)?.[0] ?? '',
    );
    const confirmed = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    const user = response.json().user as { id: string; userNumber: number };
    return { id: user.id, userNumber: user.userNumber, cookie: cookieHeader(confirmed) };
  }

  const messageRow = (id: string) =>
    t.db
      .selectFrom('support_message')
      .select(['mail_status', 'mail_attempts'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
      .then((r) => ({ status: r.mail_status, attempts: Number(r.mail_attempts) }));

  it('keeps the message and the reply as unsent, then the retry sends each once', async () => {
    const res = await call(t.app, alice, 'POST', '/api/v1/support', {
      message: 'Mail is down, is my message lost?',
      email: 'alice.replies@example.com',
      deviceInfo,
    });
    expect(res.statusCode, res.body).toBe(201);
    const sent = supportMessageSchema.parse(res.json());
    expect(await messageRow(sent.id)).toEqual({ status: 'unsent', attempts: 1 });

    const reply = await call(t.app, operator, 'POST', `/api/v1/admin/support/${sent.id}/replies`, {
      body: 'It is safe with us.',
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json()).toMatchObject({ status: 'answered', mailStatus: 'unsent' });
    expect(reply.json().replies[0].mailStatus).toBe('unsent');

    // A message whose first try was cut short (still pending a minute later), and one that has
    // used up its tries.
    const stalled = { id: 'stalled', date: new Date(Date.now() - 2 * 60_000).toISOString(), attempts: 1 };
    const exhausted = {
      id: 'exhausted',
      date: new Date().toISOString(),
      attempts: SUPPORT_MAIL_MAX_ATTEMPTS,
    };
    for (const [row, status] of [
      [stalled, 'pending'],
      [exhausted, 'unsent'],
    ] as const) {
      await t.db
        .insertInto('support_message')
        .values({
          id: row.id,
          user_id: alice.id,
          message: `The ${row.id} one`,
          email: 'alice.replies@example.com',
          sender_email: null,
          date: row.date,
          device_info: JSON.stringify(deviceInfo),
          mail_status: status,
          mail_attempts: row.attempts,
        })
        .execute();
    }

    smtp = await startSmtpServer(smtp.port);
    // The retry as the timer runs it, through the same services the app builds.
    const mailer = createMailer({ smtpUrl: t.config.smtpUrl, from: t.config.mailFrom, dataDir: t.dataDir });
    const { support } = createServices(
      {
        db: t.db,
        storage: createStorage(t.config),
        mailer,
        log: { error: () => {}, info: () => {} },
        forgetSessions: () => {},
        memberReads: createMemberReads({ ttlMs: 0, maxEntries: 1 }),
        googleSignIn: false,
        assistant: { model: null, config: t.config.assistant },
      },
      t.config,
    );
    try {
      expect(await support.retryUnsentMail()).toEqual({ messages: 2, replies: 1 });
      expect(await support.retryUnsentMail()).toEqual({ messages: 0, replies: 0 });
    } finally {
      mailer.close();
    }

    expect(await messageRow(sent.id)).toEqual({ status: 'sent', attempts: 2 });
    expect(await messageRow('stalled')).toEqual({ status: 'sent', attempts: 2 });
    expect(await messageRow('exhausted')).toEqual({ status: 'unsent', attempts: SUPPORT_MAIL_MAX_ATTEMPTS });
    const replyRow = await t.db.selectFrom('support_reply').select('mail_status').executeTakeFirstOrThrow();
    expect(replyRow.mail_status).toBe('sent');

    const toOperators = smtp.received.filter((m) => m.to.includes('help@sahifa.test'));
    expect(toOperators).toHaveLength(2);
    expect(toOperators.map(replyToOf)).toEqual(['alice.replies@example.com', 'alice.replies@example.com']);
    expect(toOperators.some((m) => m.raw.includes('Mail is down, is my message lost?'))).toBe(true);
    const toAlice = smtp.received.filter((m) => m.to.includes('alice.replies@example.com'));
    expect(toAlice).toHaveLength(1);
    expect(replyToOf(toAlice[0])).toBe('help@sahifa.test');
    expect(toAlice[0]?.raw).toContain('It is safe with us.');
  });

  it('retries on its own once the server listens', async () => {
    // SMTP answers now: a new message goes out at once; make it look like its try failed.
    const res = await call(t.app, alice, 'POST', '/api/v1/support', {
      message: 'Second message',
      email: 'alice.replies@example.com',
      deviceInfo,
    });
    expect(res.statusCode).toBe(201);
    const { id } = supportMessageSchema.parse(res.json());
    expect(await messageRow(id)).toEqual({ status: 'sent', attempts: 1 });
    await t.db.updateTable('support_message').set({ mail_status: 'unsent' }).where('id', '=', id).execute();
    const before = smtp.received.length;

    await t.app.listen({ port: 0, host: '127.0.0.1' });
    await expect.poll(() => messageRow(id)).toEqual({ status: 'sent', attempts: 2 });
    expect(smtp.received.length).toBe(before + 1);
  });
});
