import { SUPPORT_LIMITS } from '@sahifa/contracts/support';
import { describe, expect, it } from 'vitest';
import { ApiError } from '#web/lib/api.ts';
import { fieldErrorFromApi, validateSupportForm } from './form.ts';

const ok = { message: 'The reader stops at page 3.', email: 'reader@example.com' };

describe('validateSupportForm', () => {
  it('accepts a message and a valid reply-to address', () => {
    expect(validateSupportForm(ok)).toEqual({});
  });

  it('asks for a message that shows something', () => {
    expect(validateSupportForm({ ...ok, message: '' }).message).toEqual({ key: 'messageRequired' });
    expect(validateSupportForm({ ...ok, message: ' \n\u200b ' }).message).toEqual({ key: 'messageRequired' });
  });

  it('refuses a message over the limit, counted after trimming', () => {
    const max = SUPPORT_LIMITS.message;
    expect(validateSupportForm({ ...ok, message: 'a'.repeat(max + 1) }).message).toEqual({
      key: 'messageTooLong',
    });
    expect(validateSupportForm({ ...ok, message: ` ${'a'.repeat(max)} ` })).toEqual({});
  });

  it('asks for a reply-to address that looks like one', () => {
    expect(validateSupportForm({ ...ok, email: '  ' }).email).toEqual({ key: 'emailRequired' });
    expect(validateSupportForm({ ...ok, email: 'reader@example' }).email).toEqual({ key: 'emailInvalid' });
    expect(validateSupportForm({ ...ok, email: 'a b@example.com' }).email).toEqual({ key: 'emailInvalid' });
    expect(validateSupportForm({ ...ok, email: `${'a'.repeat(250)}@example.com` }).email).toEqual({
      key: 'emailTooLong',
    });
  });

  it('reports both fields at once', () => {
    expect(Object.keys(validateSupportForm({ message: '', email: '' })).sort()).toEqual(['email', 'message']);
  });
});

describe('fieldErrorFromApi', () => {
  it("puts the API's words beside the field it refused", () => {
    const error = new ApiError(400, 'VALIDATION_ERROR', 'body.email: Enter a valid email address.');
    expect(fieldErrorFromApi(error)).toEqual({ email: { text: 'Enter a valid email address.' } });
    const message = new ApiError(400, 'VALIDATION_ERROR', 'body.message: Write something first.; body.x: y');
    expect(fieldErrorFromApi(message)).toEqual({ message: { text: 'Write something first.' } });
  });

  it('leaves other failures to the form', () => {
    expect(fieldErrorFromApi(new ApiError(429, 'RATE_LIMITED', 'body.email: no'))).toBeNull();
    expect(
      fieldErrorFromApi(new ApiError(400, 'VALIDATION_ERROR', 'body.deviceInfo.screen: Too long')),
    ).toBeNull();
    expect(fieldErrorFromApi(new Error('body.email: x'))).toBeNull();
  });
});
