import { ACCOUNT_SUSPENDED_CODE, ACCOUNT_SUSPENDED_MESSAGE } from '@sahifa/contracts/moderation';
import { describe, expect, it } from 'vitest';
import en from '#web/i18n/en.json';
import { ApiError } from './api.ts';
import { isSuspendedError } from './moderation.ts';

describe('isSuspendedError', () => {
  it("recognises the API's refusal of a suspended member's write", () => {
    expect(isSuspendedError(new ApiError(403, ACCOUNT_SUSPENDED_CODE, ACCOUNT_SUSPENDED_MESSAGE))).toBe(true);
  });

  it('leaves other refusals alone', () => {
    expect(isSuspendedError(new ApiError(403, 'FORBIDDEN', 'Only the author can delete it.'))).toBe(false);
    expect(isSuspendedError(new ApiError(401, ACCOUNT_SUSPENDED_CODE, 'x'))).toBe(false);
    expect(isSuspendedError(new Error(ACCOUNT_SUSPENDED_CODE))).toBe(false);
  });
});

describe('the suspended notice', () => {
  it('says in English exactly what the server says', () => {
    expect(en.moderation.suspended).toBe(ACCOUNT_SUSPENDED_MESSAGE);
  });
});
