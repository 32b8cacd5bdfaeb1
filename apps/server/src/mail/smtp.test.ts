// With SMTP_URL set, account mail is delivered over SMTP. A local server speaking SMTP
// (nodemailer's smtp-server) receives what the real nodemailer transport sends.
import { type AddressInfo, createServer, type Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '#server/mail/mailer.ts';
import { newCredentials, postAuth } from '#server/test/auth-helpers.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

function startSmtpServer() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  return new Promise<{ server: SMTPServer; port: number; received: Received[] }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({ server, port: (server.server.address() as AddressInfo).port, received });
    });
  });
}

// Quoted-printable may wrap long lines with "=\r\n"; undo that before looking for a link.
const bodyOf = (mail: Received | undefined) => (mail?.raw ?? '').replace(/=\r\n/g, '').replace(/=3D/g, '=');

describe('account mail over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp('sqlite', {
      env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Sahifa <accounts@sahifa.test>' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp?.server.close(() => resolve()));
  });

  it('delivers the confirmation and reset links to the member through the SMTP server', async () => {
    const credentials = newCredentials();
    expect((await postAuth(t.app, '/sign-up/email', credentials)).statusCode).toBe(200);
    await expect.poll(() => smtp.received.length).toBe(1);
    const [confirmation] = smtp.received;
    expect(confirmation?.from).toBe('accounts@sahifa.test');
    expect(confirmation?.to).toEqual([credentials.email]);
    expect(bodyOf(confirmation)).toMatch(/http:\/\/localhost:3000\/api\/auth\/verify-email\?token=[\w.-]+/);

    const res = await postAuth(t.app, '/request-password-reset', {
      email: credentials.email,
      redirectTo: '/reset-password',
    });
    expect(res.statusCode).toBe(200);
    await expect.poll(() => smtp.received.length).toBe(2);
    const reset = smtp.received[1];
    expect(reset?.to).toEqual([credentials.email]);
    expect(bodyOf(reset)).toMatch(/http:\/\/localhost:3000\/reset-password\?token=[\w-]+/);
  });
});

describe('a mail server that accepts the connection and never answers', () => {
  it('fails the send once the timeout passes, instead of holding it for minutes', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Sahifa <support@sahifa.test>',
      dataDir: '/nonexistent',
      smtpTimeoutMs: 300,
    });
    try {
      await expect(
        mailer.send({ to: 'someone@example.com', subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' }),
      ).rejects.toThrow(/greeting|timeout/i);
      expect(sockets.length).toBe(1);
    } finally {
      mailer.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
