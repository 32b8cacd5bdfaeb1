// The mails the app sent, read as a member reads theirs: the default (file) transport writes each
// one to DATA_DIR/mail as JSON ({ to, subject, text, html, date }), file names sorting by time.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';

export interface SavedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  date: string;
}

const mailDir = () => join(inject('dataDir'), 'mail');

/** Every mail to `email` so far, oldest first. */
export function mailsTo(email: string): SavedMail[] {
  const dir = mailDir();
  if (!existsSync(dir)) return [];
  const to = email.toLowerCase();
  return readdirSync(dir)
    .sort()
    .map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as SavedMail)
    .filter((mail) => mail.to.toLowerCase() === to);
}

export interface WaitOptions {
  /** Only mails sent at or after this time (ms since the epoch), e.g. `Date.now()` before the action. */
  since?: number;
  timeout?: number;
}

/** Polls until a mail to `email` (sent since `since`) passes `match`; the newest such mail. */
export async function waitForMail(
  email: string,
  match: (mail: SavedMail) => boolean,
  { since = 0, timeout = 10_000 }: WaitOptions = {},
): Promise<SavedMail> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const mails = mailsTo(email).filter((mail) => Date.parse(mail.date) >= since);
    const found = mails.findLast(match);
    if (found) return found;
    if (Date.now() > deadline) {
      const subjects = mails.map((mail) => mail.subject).join(' | ') || 'none';
      throw new Error(`No matching mail to ${email} within ${timeout} ms (mails: ${subjects})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const linksIn = (mail: SavedMail) => mail.text.match(/https?:\/\/\S+/g) ?? [];

/**
 * The link containing `fragment` (e.g. '/api/auth/verify-email', '/reset-password') in the
 * newest mail to `email` that has one, waiting for that mail to arrive.
 */
export async function linkFromMail(email: string, fragment: string, options?: WaitOptions): Promise<string> {
  const mail = await waitForMail(email, (m) => linksIn(m).some((url) => url.includes(fragment)), options);
  return linksIn(mail).find((url) => url.includes(fragment)) as string;
}
