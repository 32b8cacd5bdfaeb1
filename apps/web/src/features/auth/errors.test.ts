import { describe, expect, it } from 'vitest';
import { authFailure, thrownFailure } from './errors.ts';

describe('authFailure', () => {
  it.each([
    [{ code: 'INVALID_EMAIL_OR_PASSWORD', status: 401 }, 'invalidCredentials', undefined],
    [{ code: 'INVALID_EMAIL', status: 400 }, 'emailInvalid', 'email'],
    [{ code: 'EMAIL_NOT_VERIFIED', status: 403 }, 'emailNotVerified', undefined],
    [{ code: 'NAME_REQUIRED', status: 400 }, 'nameRequired', 'name'],
    [{ code: 'PASSWORD_TOO_WEAK', status: 400 }, 'passwordTooWeak', 'password'],
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
      { max: 80 },
    ],
    [{ code: 'PASSWORD_TOO_SHORT', status: 400 }, 'passwordTooShort', 'password', { min: 8 }],
    [{ code: 'PASSWORD_TOO_LONG', status: 400 }, 'passwordTooLong', 'password', { max: 128 }],
    [{ code: 'SOMETHING_NEW', status: 500 }, 'generic', undefined],
  ])('%j → %s', (error, key, field, values?: Record<string, number>) => {
    expect(authFailure(error)).toEqual({ key, ...(field ? { field } : {}), ...(values ? { values } : {}) });
  });

  it("keeps the server's English text of a weak-password refusal, and of nothing else", () => {
    const message =
      'This password is too easy to guess. This is a top-10 common password. Try a few unrelated words.';
    expect(authFailure({ code: 'PASSWORD_TOO_WEAK', status: 400, message })).toEqual({
      key: 'passwordTooWeak',
      field: 'password',
      serverText: message,
    });
    expect(authFailure({ code: 'NAME_REQUIRED', status: 400, message: 'Please enter your name.' })).toEqual({
      key: 'nameRequired',
      field: 'name',
    });
  });

  it('treats a missing error or a thrown TypeError as generic / network', () => {
    expect(authFailure(null)).toEqual({ key: 'generic' });
    expect(thrownFailure(new TypeError('Failed to fetch'))).toEqual({ key: 'network' });
  });
});
