import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import ar from '#web/i18n/ar.json';
import en from '#web/i18n/en.json';
import { ApiError } from './api.ts';
import { errorMessageOf } from './error-message.ts';

describe('errorMessageOf', () => {
  it("shows the API's message for a client error, as it was sent", () => {
    const limited = new ApiError(429, 'RATE_LIMITED', 'You can send 5 messages an hour. Try again later.');
    expect(errorMessageOf(limited, 'fallback')).toBe('You can send 5 messages an hour. Try again later.');
    expect(errorMessageOf(new ApiError(409, 'ALREADY_SUBSCRIBED', 'Already on Plus.'), 'x')).toBe(
      'Already on Plus.',
    );
  });

  it('shows a named server-side failure the API explained', () => {
    const stripeDown = new ApiError(503, 'PAYMENTS_UNAVAILABLE', 'Payments are unavailable right now.');
    expect(errorMessageOf(stripeDown, 'fallback')).toBe('Payments are unavailable right now.');
  });

  it('falls back for a network failure, a crash, a reply that was not ours, or anything else', () => {
    expect(errorMessageOf(new ApiError(0, 'NETWORK_ERROR', 'Failed to fetch'), 'fallback')).toBe('fallback');
    expect(errorMessageOf(new ApiError(500, 'INTERNAL_ERROR', 'Something went wrong'), 'fallback')).toBe(
      'fallback',
    );
    expect(errorMessageOf(new ApiError(502, 'HTTP_502', 'Bad Gateway'), 'fallback')).toBe('fallback');
    expect(errorMessageOf(new Error('boom'), 'fallback')).toBe('fallback');
  });

  describe('in Arabic', () => {
    beforeAll(async () => {
      // The app's translations on the shared i18next instance, without the browser's detection.
      await i18n.init({ resources: { en: { translation: en }, ar: { translation: ar } }, lng: 'en' });
    });
    afterEach(async () => {
      await i18n.changeLanguage('en');
    });

    it('says a message it knows by its code in Arabic, and any other as the API wrote it', async () => {
      await i18n.changeLanguage('ar');
      const suspended = new ApiError(403, 'ACCOUNT_SUSPENDED', 'Your account is suspended: …');
      expect(errorMessageOf(suspended, 'fallback')).toMatch(/^حسابك موقوف/);
      expect(errorMessageOf(new ApiError(409, 'SOMETHING_NEW', 'Said in English.'), 'x')).toBe(
        'Said in English.',
      );
      expect(errorMessageOf(new ApiError(0, 'NETWORK_ERROR', 'Failed to fetch'), 'احتياط')).toBe('احتياط');
    });
  });
});
