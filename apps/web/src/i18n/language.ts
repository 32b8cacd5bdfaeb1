export const LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
/** i18next-browser-languagedetector's localStorage key (also read by src/boot.js). */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

/** Any Arabic tag (ar, ar-EG, …) is Arabic; everything else falls back to English. */
export function resolveLanguage(tag: string | null | undefined): Language {
  return /^ar\b/i.test(tag ?? '') ? 'ar' : DEFAULT_LANGUAGE;
}

export function directionOf(language: Language): 'rtl' | 'ltr' {
  return language === 'ar' ? 'rtl' : 'ltr';
}
