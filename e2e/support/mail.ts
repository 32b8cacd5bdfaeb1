// The mails the app sent to a member, read from the journeys' server's DATA_DIR (see
// scripts/mail-files.mjs).
import { inject } from 'vitest';
import { mailsTo, type SavedMail, waitForLink } from '../../scripts/mail-files.mjs';

/**
 * The link containing `fragment` (e.g. '/api/auth/verify-email', '/reset-password') in the
 * newest mail to `email` that has one, waiting for it to arrive. `since`: ms since the epoch;
 * `dataDir`: another server's (a journey that starts its own), by default the shared one's.
 */
export function linkFromMail(
  email: string,
  fragment: string,
  options?: { since?: number; dataDir?: string },
): Promise<string> {
  return waitForLink(options?.dataDir ?? inject('dataDir'), email, fragment, { since: options?.since });
}

/**
 * The newest mail to `email` whose subject contains `subject`, waiting for it to arrive (as
 * linkFromMail, for mails without a link: a support answer, the operators' copy of a message).
 */
export async function mailTo(
  email: string,
  subject: string,
  options?: { dataDir?: string },
): Promise<SavedMail> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = mailsTo(options?.dataDir ?? inject('dataDir'), email)
      .filter((mail) => mail.subject.includes(subject))
      .at(-1);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No mail "${subject}" to ${email} within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
