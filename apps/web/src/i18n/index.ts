import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import ar from './ar.json';
import en from './en.json';
import {
  DEFAULT_LANGUAGE,
  directionOf,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  resolveLanguage,
} from './language.ts';

function applyDocumentLanguage(tag: string): void {
  const language = resolveLanguage(tag);
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}

i18n.on('languageChanged', applyDocumentLanguage);

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources: { en: { translation: en }, ar: { translation: ar } },
    supportedLngs: [...LANGUAGES],
    fallbackLng: DEFAULT_LANGUAGE,
    detection: {
      // public/boot.js has already chosen the language (stored choice, else the browser's) and set
      // <html lang>, so the two always agree and Arabic never flashes left-to-right.
      order: ['localStorage', 'htmlTag'],
      lookupLocalStorage: LANGUAGE_STORAGE_KEY,
      caches: ['localStorage'],
      convertDetectedLanguage: (tag: string) => resolveLanguage(tag),
    },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    // Resources are bundled: initialise synchronously so the first render is already translated.
    initAsync: false,
  });

export default i18n;
