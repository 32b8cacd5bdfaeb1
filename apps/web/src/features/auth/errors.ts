// Maps better-auth's error answers ({ code, message } with an HTTP status) to translated form
// messages. A failure is a FieldError (a key under auth.errors and its values), so the pages show
// it with the same useFieldErrorText as their own validation.
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@sahifa/contracts';
import type { FieldError } from './validation.ts';

export type AuthErrorKey =
  | 'invalidCredentials'
  | 'emailInvalid'
  | 'emailNotVerified'
  | 'nameRequired'
  | 'passwordTooShort'
  | 'passwordTooLong'
  | 'passwordTooWeak'
  | 'nameTooLong'
  | 'invalidToken'
  | 'tooManyRequests'
  | 'network'
  | 'generic';

export type AuthField = 'name' | 'email' | 'password';

export interface AuthFailure extends FieldError {
  key: AuthErrorKey;
  /** The field the message belongs to, when there is one (shown under that field). */
  field?: AuthField;
  /**
   * The server's own English text, for the answers whose message is written for members (the
   * weak-password hint names what makes this password guessable). Shown instead of the
   * translation only when the interface is in English.
   */
  serverText?: string;
}

export interface AuthErrorLike {
  code?: string | null;
  message?: string | null;
  status?: number | null;
}

const BY_CODE: Record<string, AuthFailure> = {
  INVALID_EMAIL_OR_PASSWORD: { key: 'invalidCredentials' },
  INVALID_PASSWORD: { key: 'invalidCredentials' },
  CREDENTIAL_ACCOUNT_NOT_FOUND: { key: 'invalidCredentials' },
  USER_NOT_FOUND: { key: 'invalidCredentials' },
  EMAIL_NOT_VERIFIED: { key: 'emailNotVerified' },
  INVALID_EMAIL: { key: 'emailInvalid', field: 'email' },
  NAME_REQUIRED: { key: 'nameRequired', field: 'name' },
  PASSWORD_TOO_SHORT: { key: 'passwordTooShort', field: 'password', values: { min: PASSWORD_MIN_LENGTH } },
  PASSWORD_TOO_LONG: { key: 'passwordTooLong', field: 'password', values: { max: PASSWORD_MAX_LENGTH } },
  PASSWORD_TOO_WEAK: { key: 'passwordTooWeak', field: 'password' },
  NAME_TOO_LONG: { key: 'nameTooLong', field: 'name', values: { max: NAME_MAX_LENGTH } },
  EMAIL_TOO_LONG: { key: 'emailInvalid', field: 'email' },
  INVALID_TOKEN: { key: 'invalidToken' },
  TOKEN_EXPIRED: { key: 'invalidToken' },
  TOO_MANY_REQUESTS: { key: 'tooManyRequests' },
  RATE_LIMITED: { key: 'tooManyRequests' },
};

/** The codes whose server message is member-facing English text (see AuthFailure.serverText). */
const SERVER_TEXT_CODES = new Set(['PASSWORD_TOO_WEAK']);

/** Which message a failed sign-up, sign-in or password reset deserves. */
export function authFailure(error: AuthErrorLike | null | undefined): AuthFailure {
  if (!error) return { key: 'generic' };
  if (error.status === 429) return { key: 'tooManyRequests' };
  const known = error.code ? BY_CODE[error.code] : undefined;
  if (known) {
    const text = error.message?.trim();
    return error.code && SERVER_TEXT_CODES.has(error.code) && text ? { ...known, serverText: text } : known;
  }
  const message = error.message?.toLowerCase() ?? '';
  // Schema validation failures name the field in the message (e.g. a name over the length limit).
  if (/\bname\b/.test(message) && /(long|max|too[ _]big|at most|<=)/.test(message))
    return BY_CODE.NAME_TOO_LONG ?? { key: 'generic' };
  if (/\bemail\b/.test(message) && /invalid/.test(message)) return { key: 'emailInvalid', field: 'email' };
  if (error.status === 0 || /failed to fetch|network/.test(message)) return { key: 'network' };
  return { key: 'generic' };
}

/** Thrown values (better-fetch can throw on transport failures) are network problems. */
export function thrownFailure(thrown: unknown): AuthFailure {
  if (thrown && typeof thrown === 'object' && 'status' in thrown) return authFailure(thrown as AuthErrorLike);
  return { key: 'network' };
}
