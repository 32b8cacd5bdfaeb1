// Maps better-auth's error answers ({ code, message } with an HTTP status) to translated form messages.

export type AuthErrorKey =
  | 'emailTaken'
  | 'invalidCredentials'
  | 'emailInvalid'
  | 'passwordTooShort'
  | 'passwordTooLong'
  | 'nameTooLong'
  | 'invalidToken'
  | 'tooManyRequests'
  | 'network'
  | 'generic';

export type AuthField = 'name' | 'email' | 'password' | 'newPassword';

export interface AuthFailure {
  key: AuthErrorKey;
  /** The field the message belongs to, when there is one (shown under that field). */
  field?: AuthField;
}

export interface AuthErrorLike {
  code?: string | null;
  message?: string | null;
  status?: number | null;
}

const BY_CODE: Record<string, AuthFailure> = {
  USER_ALREADY_EXISTS: { key: 'emailTaken', field: 'email' },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: { key: 'emailTaken', field: 'email' },
  INVALID_EMAIL_OR_PASSWORD: { key: 'invalidCredentials' },
  INVALID_PASSWORD: { key: 'invalidCredentials' },
  CREDENTIAL_ACCOUNT_NOT_FOUND: { key: 'invalidCredentials' },
  USER_NOT_FOUND: { key: 'invalidCredentials' },
  INVALID_EMAIL: { key: 'emailInvalid', field: 'email' },
  PASSWORD_TOO_SHORT: { key: 'passwordTooShort', field: 'password' },
  PASSWORD_TOO_LONG: { key: 'passwordTooLong', field: 'password' },
  NAME_TOO_LONG: { key: 'nameTooLong', field: 'name' },
  EMAIL_TOO_LONG: { key: 'emailInvalid', field: 'email' },
  INVALID_TOKEN: { key: 'invalidToken' },
  TOKEN_EXPIRED: { key: 'invalidToken' },
  TOO_MANY_REQUESTS: { key: 'tooManyRequests' },
  RATE_LIMITED: { key: 'tooManyRequests' },
};

/** Which message a failed sign-up, sign-in or password reset deserves. */
export function authFailure(error: AuthErrorLike | null | undefined): AuthFailure {
  if (!error) return { key: 'generic' };
  if (error.status === 429) return { key: 'tooManyRequests' };
  const known = error.code ? BY_CODE[error.code] : undefined;
  if (known) return known;
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
