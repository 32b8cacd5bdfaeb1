// The mails a local server saved in DATA_DIR/mail (its default file transport: one JSON file per
// mail, `{ to, subject, text, html, date }`, names sorting by time; dotfiles are being written).
// Read by the browser journeys and the benchmarks, as a member reads their inbox.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * @typedef {{ to: string, subject: string, text: string, html: string, date: string }} SavedMail
 */

/** Every mail to `email`, oldest first. @param {string} dataDir @param {string} email @returns {SavedMail[]} */
export function mailsTo(dataDir, email) {
  const dir = join(dataDir, 'mail');
  if (!existsSync(dir)) return [];
  const to = email.toLowerCase();
  return readdirSync(dir)
    .filter((file) => !file.startsWith('.'))
    .sort()
    .map((file) => /** @type {SavedMail} */ (JSON.parse(readFileSync(join(dir, file), 'utf8'))))
    .filter((mail) => mail.to.toLowerCase() === to);
}

/** The links in a mail's text. @param {SavedMail} mail @returns {string[]} */
export function linksIn(mail) {
  return mail.text.match(/https?:\/\/\S+/g) ?? [];
}

/**
 * Polls until a mail to `email` sent at or after `since` (ms since the epoch) has a link
 * containing `fragment` (e.g. '/api/auth/verify-email'); the newest such link.
 * @param {string} dataDir @param {string} email @param {string} fragment
 * @param {{ since?: number, timeout?: number }} [options]
 * @returns {Promise<string>}
 */
export async function waitForLink(dataDir, email, fragment, { since = 0, timeout = 10_000 } = {}) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const mails = mailsTo(dataDir, email).filter((mail) => Date.parse(mail.date) >= since);
    const link = mails.flatMap(linksIn).findLast((url) => url.includes(fragment));
    if (link) return link;
    if (Date.now() > deadline) {
      const subjects = mails.map((mail) => mail.subject).join(' | ') || 'none';
      throw new Error(`No ${fragment} link mailed to ${email} within ${timeout} ms (mails: ${subjects})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
