// The support form's checks, the same as the API's (contracts/support), so that a mistake is said
// beside its field before anything is sent.

import { EMAIL_MAX_LENGTH } from '@sahifa/contracts';
import { SUPPORT_LIMITS } from '@sahifa/contracts/support';
import { hasVisibleCharacter } from '@sahifa/contracts/text';
import { ApiError } from '#web/lib/api.ts';

export type SupportField = 'message' | 'email';

/** A translation key under support.errors, or the API's own words for a field it refused. */
export type FieldProblem = { key: string } | { text: string };
export type SupportFormErrors = Partial<Record<SupportField, FieldProblem>>;

// Deliberately simple: one "@", something on both sides, a dot in the domain, no spaces.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateSupportForm({
  message,
  email,
}: {
  message: string;
  email: string;
}): SupportFormErrors {
  const errors: SupportFormErrors = {};
  const text = message.trim();
  if (!hasVisibleCharacter(text)) errors.message = { key: 'messageRequired' };
  else if (text.length > SUPPORT_LIMITS.message) errors.message = { key: 'messageTooLong' };
  const address = email.trim();
  if (!address) errors.email = { key: 'emailRequired' };
  else if (address.length > EMAIL_MAX_LENGTH) errors.email = { key: 'emailTooLong' };
  else if (!EMAIL_PATTERN.test(address)) errors.email = { key: 'emailInvalid' };
  return errors;
}

/**
 * A 400 from the API names the field it refused ("body.email: Enter a valid email address."):
 * its words go beside that field. Anything else is not a field's problem (null).
 */
export function fieldErrorFromApi(error: unknown): SupportFormErrors | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const match = /^body\.(message|email)\b[^:]*:\s*(.+?)(?:;|$)/.exec(error.message);
  if (!match?.[1] || !match[2]) return null;
  return { [match[1]]: { text: match[2] } };
}
