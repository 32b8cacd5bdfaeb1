// The mails the app sent to a member, read from the journeys' server's DATA_DIR (see
// scripts/mail-files.mjs).
import { inject } from 'vitest';
import { waitForLink } from '../../scripts/mail-files.mjs';

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
