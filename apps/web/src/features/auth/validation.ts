import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@sahifa/contracts';

/** A translation key under auth.errors, with its interpolation values. */
export interface FieldError {
  key: string;
  values?: Record<string, string | number>;
}

export function validateName(name: string): FieldError | null {
  const trimmed = name.trim();
  if (!trimmed) return { key: 'nameRequired' };
  if (trimmed.length > NAME_MAX_LENGTH) return { key: 'nameTooLong', values: { max: NAME_MAX_LENGTH } };
  return null;
}

// Deliberately simple: one "@", something on both sides, a dot in the domain, no spaces.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateEmail(email: string): FieldError | null {
  const trimmed = email.trim();
  if (!trimmed) return { key: 'emailRequired' };
  if (trimmed.length > EMAIL_MAX_LENGTH) return { key: 'emailTooLong' };
  if (!EMAIL_PATTERN.test(trimmed)) return { key: 'emailInvalid' };
  return null;
}

export function validateNewPassword(password: string): FieldError | null {
  if (!password) return { key: 'passwordRequired' };
  if (password.length < PASSWORD_MIN_LENGTH)
    return { key: 'passwordTooShort', values: { min: PASSWORD_MIN_LENGTH } };
  if (password.length > PASSWORD_MAX_LENGTH)
    return { key: 'passwordTooLong', values: { max: PASSWORD_MAX_LENGTH } };
  return null;
}
