import { describe, expect, it } from 'vitest';
import { authFailure, thrownFailure } from './errors.ts';

describe('authFailure', () => {
  it.each([
    [{ code: 'USER_ALREADY_EXISTS', status: 422 }, 'emailTaken', 'email'],
    [{ code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', status: 422 }, 'emailTaken', 'email'],
    [{ code: 'INVALID_EMAIL_OR_PASSWORD', status: 401 }, 'invalidCredentials', undefined],
    [{ code: 'INVALID_EMAIL', status: 400 }, 'emailInvalid', 'email'],
    [{ code: 'PASSWORD_TOO_SHORT', status: 400 }, 'passwordTooShort', 'password'],
    [{ code: 'PASSWORD_TOO_LONG', status: 400 }, 'passwordTooLong', 'password'],
    [{ code: 'INVALID_TOKEN', status: 400 }, 'invalidToken', undefined],
    [{ status: 429, message: 'Too many requests. Please try again later.' }, 'tooManyRequests', undefined],
    [
      {
        code: 'VALIDATION_ERROR',
        status: 400,
        message: '[body.name] Too big: expected string to have <=80 characters',
      },
      'nameTooLong',
      'name',
    ],
    [{ code: 'SOMETHING_NEW', status: 500 }, 'generic', undefined],
  ])('%j → %s', (error, key, field) => {
    expect(authFailure(error)).toEqual(field ? { key, field } : { key });
  });

  it('treats a missing error or a thrown TypeError as generic / network', () => {
    expect(authFailure(null)).toEqual({ key: 'generic' });
    expect(thrownFailure(new TypeError('Failed to fetch'))).toEqual({ key: 'network' });
  });
});
