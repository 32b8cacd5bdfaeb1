// The interface's languages, and how a page request or a browser's tag picks one: the web app
// (src/i18n, src/boot.js) and the server's render of pages (apps/server/src/http/page-language.ts)
// must choose alike, or a page rendered in one language is taken over by the app in the other.

export const LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** One of something for each language (pages, translators), made by `make`. */
export function byLanguage<T>(make: (language: Language) => T): Record<Language, T> {
  return Object.fromEntries(LANGUAGES.map((language) => [language, make(language)])) as Record<Language, T>;
}

/**
 * The cookie that tells the server the language this browser's app last showed: the app writes it
 * beside its localStorage key whenever its language is set (src/i18n/index.ts), so the server can
 * render a page in the reader's choice, not only in their browser's language.
 */
export const LANGUAGE_COOKIE = 'lang';

/** Any Arabic tag (ar, ar-EG, …) is Arabic; everything else falls back to English. */
export function resolveLanguage(tag: string | null | undefined): Language {
  return /^ar\b/i.test(tag ?? '') ? 'ar' : DEFAULT_LANGUAGE;
}

export function directionOf(language: Language): 'rtl' | 'ltr' {
  return language === 'ar' ? 'rtl' : 'ltr';
}
