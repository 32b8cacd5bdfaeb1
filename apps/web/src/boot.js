// Runs synchronously in <head>, before the first paint, so that neither the theme nor the text
// direction flashes. Mirrors src/theme/resolve.ts, src/i18n/language.ts and contracts' languages.ts
// (checked by src/app/boot.test.ts). The build inlines it into index.html (vite.config.ts, inlineBootScript);
// the server's Content-Security-Policy allows it by its hash, and no other inline script.
(() => {
  const root = document.documentElement;
  const read = (key) => {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  };

  const theme = read('theme');
  const known = theme === 'dark' || theme === 'purple' || theme === 'red';
  root.setAttribute('data-theme', known ? theme : 'light');

  // The stored choice wins, then the cookie the app writes beside it for the server (which renders
  // the page in that language, decision 018); a first visit follows the browser's first language.
  const cookie = /(?:^|;)\s*lang=([^;]*)/.exec(document.cookie ?? '')?.[1];
  const lang = read('i18nextLng') || cookie || navigator.languages?.[0] || navigator.language || '';
  const arabic = /^ar\b/i.test(lang);
  root.setAttribute('lang', arabic ? 'ar' : 'en');
  root.setAttribute('dir', arabic ? 'rtl' : 'ltr');

  // A member signed in on this device is sent into the app: the English public page prerendered
  // into this document is not for them (global.css hides it). src/lib/last-session.ts's key.
  if (read('sahifa.lastSession')) root.setAttribute('data-member', '');

  // zod (inside better-auth's client) probes `new Function('')` while its module loads, which the
  // CSP (no 'unsafe-eval') refuses and reports. Its global config is read from here: skip the probe.
  globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
})();
