// Reads the mails the default (file) transport wrote to DATA_DIR/mail, as a member reads theirs.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface SavedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export function mailsTo(dataDir: string, to: string): SavedMail[] {
  const dir = path.join(dataDir, 'mail');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => !file.startsWith('.'))
    .sort()
    .map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as SavedMail)
    .filter((mail) => mail.to.toLowerCase() === to.toLowerCase());
}

/** The newest mail to `to`; throws when there is none. */
export function lastMailTo(dataDir: string, to: string): SavedMail {
  const mail = mailsTo(dataDir, to).at(-1);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}

/** The first link in the mail's text whose path contains `fragment`. */
export function linkIn(mail: SavedMail, fragment: string): URL {
  const found = mail.text.match(/https?:\/\/\S+/g)?.find((url) => url.includes(fragment));
  if (!found) throw new Error(`no ${fragment} link in "${mail.subject}"`);
  return new URL(found);
}
