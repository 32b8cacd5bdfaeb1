import {
  DEFAULT_LANGUAGE,
  directionOf,
  LANGUAGE_COOKIE,
  LANGUAGES,
  resolveLanguage,
} from '@sahifa/contracts/languages';
import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import en from './en.json';
import { LANGUAGE_STORAGE_KEY } from './language.ts';

function applyDocumentLanguage(tag: string): void {
  const language = resolveLanguage(tag);
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}

/**
 * English ships with the app; Arabic is its own chunk, loaded when it is the language at start
 * or when the member picks it (i18next switches only once it has arrived: no English flashes).
 */
const arabicOnDemand: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, callback) {
    if (resolveLanguage(language) !== 'ar') return callback(null, {});
    import('./ar.json').then(
      (module) => callback(null, module.default as ResourceKey),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/**
 * Starts i18next in the start language; settles once its translations are in (main.tsx renders
 * after it). Called once, by main.tsx, in a task of its own.
 */
export function startI18n(): Promise<unknown> {
  i18n.on('languageChanged', applyDocumentLanguage);
  return (
    i18n
      .use(LanguageDetector)
      .use(arabicOnDemand)
      .use(initReactI18next)
      .init({
        resources: { en: { translation: en } },
        partialBundledLanguages: true,
        supportedLngs: [...LANGUAGES],
        fallbackLng: DEFAULT_LANGUAGE,
        detection: {
          // src/boot.js has already chosen the language (stored choice, else the browser's) and set
          // <html lang>, so the two always agree and Arabic never flashes left-to-right.
          order: ['localStorage', 'htmlTag'],
          lookupLocalStorage: LANGUAGE_STORAGE_KEY,
          // The cookie is for the server, which renders the next page in this language (decision 018).
          caches: ['localStorage', 'cookie'],
          lookupCookie: LANGUAGE_COOKIE,
          cookieMinutes: 60 * 24 * 365,
          cookieOptions: { path: '/', sameSite: 'lax' },
          convertDetectedLanguage: (tag: string) => resolveLanguage(tag),
        },
        interpolation: { escapeValue: false },
        react: { useSuspense: false },
        // English is bundled: initialise synchronously so an English first render is already translated.
        initAsync: false,
      })
      // A failed Arabic chunk (offline before the app was cached) still lets the app start, in English.
      .catch(() => undefined)
  );
}

export default i18n;
