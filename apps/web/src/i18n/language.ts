/** i18next-browser-languagedetector's localStorage key (also read by src/boot.js). */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';
