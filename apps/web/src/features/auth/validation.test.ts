import { describe, expect, it } from 'vitest';
import { validateEmail, validateName, validateNewPassword } from './validation.ts';

describe('sign-up validation', () => {
  it('requires a name of at most 80 characters', () => {
    expect(validateName('  ')).toEqual({ key: 'nameRequired' });
    expect(validateName('a'.repeat(81))).toEqual({ key: 'nameTooLong', values: { max: 80 } });
    expect(validateName('ابن خلدون')).toBeNull();
  });

  it('requires a plausible email address', () => {
    expect(validateEmail('')).toEqual({ key: 'emailRequired' });
    expect(validateEmail('reader')).toEqual({ key: 'emailInvalid' });
    expect(validateEmail('reader@example')).toEqual({ key: 'emailInvalid' });
    expect(validateEmail('a b@example.com')).toEqual({ key: 'emailInvalid' });
    expect(validateEmail(' reader@example.com ')).toBeNull();
  });

  it('requires a password of 8 to 128 characters', () => {
    expect(validateNewPassword('')).toEqual({ key: 'passwordRequired' });
    expect(validateNewPassword('1234567')).toEqual({ key: 'passwordTooShort', values: { min: 8 } });
    expect(validateNewPassword('12345678')).toBeNull();
    expect(validateNewPassword('x'.repeat(129))).toEqual({ key: 'passwordTooLong', values: { max: 128 } });
  });
});
