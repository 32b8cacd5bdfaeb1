// Outgoing mail. Default: each message is written to DATA_DIR/mail as JSON (nothing to install,
// and tests read it back). With SMTP_URL set, messages go out through nodemailer's SMTP transport.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where an answer should go when it is not the sender (e.g. the member who wrote to support). */
  replyTo?: string;
}

export interface Mailer {
  /** 'file': messages stay on this machine (development); 'smtp': they are delivered. */
  kind: 'file' | 'smtp';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl: string | null;
  from: string;
  dataDir: string;
  /** Milliseconds an SMTP server may take to accept, greet, or answer; see SMTP_TIMEOUT_MS. */
  smtpTimeoutMs?: number;
}

/**
 * nodemailer waits up to 2 minutes to connect and 10 minutes for a silent socket. Mail is sent
 * while a member waits (a support message's first try, a confirmation link), and a failed send
 * is retried or can be asked for again: a stuck server should fail the send, not the request.
 */
export const SMTP_TIMEOUT_MS = 15_000;

export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl
    ? createSmtpMailer(options.smtpUrl, options.from, options.smtpTimeoutMs ?? SMTP_TIMEOUT_MS)
    : createFileMailer(options);
}

function createSmtpMailer(smtpUrl: string, from: string, timeout: number): Mailer {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close: () => transport.close(),
  };
}

let sequence = 0;

function createFileMailer({ from, dataDir }: MailerOptions): Mailer {
  const dir = path.join(dataDir, 'mail');
  return {
    kind: 'file',
    async send(message) {
      await mkdir(dir, { recursive: true });
      // Sortable name: time first, then a sequence so two mails in one millisecond do not collide.
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const seq = String(sequence++ % 1000).padStart(3, '0');
      const to = message.to.replace(/[^a-zA-Z0-9@._-]/g, '_').slice(0, 80);
      const file = path.join(dir, `${stamp}-${seq}-${to}.json`);
      const body = { from, date: new Date().toISOString(), ...message };
      // Written beside, then renamed: whoever reads the folder never sees half a mail.
      const temp = path.join(dir, `.${path.basename(file)}.tmp`);
      await writeFile(temp, `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600 });
      await rename(temp, file);
    },
    close: () => {},
  };
}
