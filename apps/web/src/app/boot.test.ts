import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { directionOf, LANGUAGE_COOKIE, resolveLanguage } from '@sahifa/contracts/languages';
import { describe, expect, it } from 'vitest';
import { LAST_SESSION_KEY } from '#web/lib/last-session.ts';
import { resolveTheme } from '#web/theme/resolve.ts';

const bootScript = readFileSync(new URL('../../src/boot.js', import.meta.url), 'utf8');

let zodConfig: unknown;

/** Runs src/boot.js against a fake document and storage; returns the <html> attributes it set. */
function boot(
  storage: Record<string, string>,
  languages: string[] = ['en-US'],
  throwing = false,
  cookie = '',
) {
  const attributes: Record<string, string> = {};
  const localStorage = {
    getItem: (key: string) => {
      if (throwing) throw new Error('SecurityError');
      return storage[key] ?? null;
    },
  };
  const context: Record<string, unknown> = {
    window: { localStorage },
    navigator: { languages, language: languages[0] },
    document: { cookie, documentElement: { setAttribute: (k: string, v: string) => (attributes[k] = v) } },
  };
  runInNewContext(bootScript, context);
  zodConfig = context.__zod_globalConfig;
  return attributes;
}

describe('src/boot.js', () => {
  it.each([['dark'], ['purple'], ['red'], ['light'], ['blue'], [''], ['DARK']])(
    'applies the same theme as resolveTheme for %j',
    (stored) => {
      expect(boot({ theme: stored })['data-theme']).toBe(resolveTheme(stored));
    },
  );

  it('defaults to light with nothing stored, or when storage is blocked', () => {
    expect(boot({})['data-theme']).toBe('light');
    expect(boot({ theme: 'dark' }, ['en'], true)['data-theme']).toBe('light');
  });

  it.each([
    ['ar', 'ar', 'rtl'],
    ['ar-EG', 'ar', 'rtl'],
    ['en', 'en', 'ltr'],
    ['fr', 'en', 'ltr'],
  ])('stored language %s gives lang=%s dir=%s', (stored, lang, dir) => {
    const attrs = boot({ i18nextLng: stored });
    expect(attrs).toMatchObject({ lang, dir });
    const language = resolveLanguage(stored);
    expect(language).toBe(lang);
    expect(directionOf(language)).toBe(dir);
  });

  it("turns off zod's eval probe before any module loads (the CSP forbids eval)", () => {
    boot({});
    expect(zodConfig).toEqual({ jitless: true });
  });

  it('marks a device where a member was signed in (their last session is kept), and no other', () => {
    expect(boot({ [LAST_SESSION_KEY]: '{"id":"u1"}' })).toHaveProperty('data-member');
    expect(boot({})).not.toHaveProperty('data-member');
  });

  it('follows the browser language on a first visit, and a stored choice over it', () => {
    expect(boot({}, ['ar-SA', 'en'])).toMatchObject({ lang: 'ar', dir: 'rtl' });
    expect(boot({ i18nextLng: 'en' }, ['ar-SA'])).toMatchObject({ lang: 'en', dir: 'ltr' });
  });

  it("follows the app's language cookie, as the server does, where nothing is stored", () => {
    const chose = (language: string) => `${LANGUAGE_COOKIE}=${language}`;
    expect(boot({}, ['en-US'], false, `theme=x; ${chose('ar')}`)).toMatchObject({ lang: 'ar', dir: 'rtl' });
    expect(boot({}, ['ar-SA'], false, chose('en'))).toMatchObject({ lang: 'en', dir: 'ltr' });
    expect(boot({}, ['en-US'], false, `x${chose('ar')}`)).toMatchObject({ lang: 'en', dir: 'ltr' });
    expect(boot({ i18nextLng: 'en' }, ['en-US'], false, chose('ar'))).toMatchObject({ lang: 'en' });
  });
});
