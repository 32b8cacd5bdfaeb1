// What better-auth's own endpoints accept, checked before better-auth runs: only the fields the
// web app sends, names with something visible in them, length limits, and passwords that are
// hard to guess. A refusal is a 400 in better-auth's shape, `{ code, message }`, with nothing
// written. A password change always ends the member's other sessions.
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from '@sahifa/contracts';
import { memberText } from '@sahifa/contracts/text';
import { APIError } from 'better-auth/api';
import { PASSWORD_TOO_WEAK, passwordWeakness } from './password-policy.ts';

const SIGN_UP_FIELDS = new Set(['name', 'email', 'password', 'callbackURL', 'rememberMe']);

const refuse = (code: string, message: string) => new APIError('BAD_REQUEST', { code, message });

/** The same rule as every other text a member writes: something visible, no control characters. */
const nameSchema = memberText({ max: NAME_MAX_LENGTH });

function checkPassword(password: unknown, userInputs: string[]) {
  if (typeof password !== 'string') return; // better-auth answers a missing password itself
  const weakness = passwordWeakness(password, userInputs);
  if (weakness) throw refuse(PASSWORD_TOO_WEAK, weakness);
}

function checkSignUp(body: Record<string, unknown>) {
  const unknown = Object.keys(body).filter((key) => !SIGN_UP_FIELDS.has(key));
  if (unknown.length > 0) {
    // `image` and every other profile field are set through /api/v1/me/profile only.
    throw refuse('UNKNOWN_FIELD', `Sign-up does not accept: ${unknown.join(', ')}.`);
  }
  const { name, email, password } = body;
  if (typeof email === 'string' && email.length > EMAIL_MAX_LENGTH) {
    throw refuse('EMAIL_TOO_LONG', `Email must be at most ${EMAIL_MAX_LENGTH} characters.`);
  }
  const parsed = nameSchema.safeParse(name);
  if (!parsed.success) {
    if (typeof name === 'string' && name.trim().length > NAME_MAX_LENGTH) {
      throw refuse('NAME_TOO_LONG', `Name must be at most ${NAME_MAX_LENGTH} characters.`);
    }
    throw refuse('NAME_REQUIRED', 'Please enter your name.');
  }
  const trimmed = parsed.data;
  const words = [
    trimmed,
    ...trimmed.split(/\s+/),
    ...(typeof email === 'string' ? email.split(/[@.+_-]/) : []),
  ];
  checkPassword(password, words);
  return { context: { body: { ...body, name: trimmed } } };
}

export function validateAuthInput(path: string, body: unknown) {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return;
  const fields = body as Record<string, unknown>;
  if (path === '/sign-up/email') return checkSignUp(fields);
  // No field of ours holds a NUL, and PostgreSQL cannot store or compare one (a token with a NUL
  // made the reset lookup fail with a 500). Sign-up's name has its own message, above.
  if (Object.values(fields).some((value) => typeof value === 'string' && value.includes('\u0000'))) {
    throw refuse('INVALID_CHARACTER', 'The request contains a character that is not allowed.');
  }
  switch (path) {
    case '/reset-password':
      checkPassword(fields.newPassword, []);
      return;
    case '/change-password':
      checkPassword(fields.newPassword, []);
      return { context: { body: { ...fields, revokeOtherSessions: true } } };
    default:
      return;
  }
}
