// A bench member's session in a browser's cookie jar: a Playwright context's, or that of a Chromium
// that Lighthouse drives (chrome-launcher).
// Lighthouse 12 clears an origin's caches, storage and service workers before each run, not its
// cookies. A session sent as Lighthouse's extra header instead was lost once the app set a cookie of
// its own (the `lang` cookie, decision 018): Chromium then sends the jar's cookies, not the header's.
import { chromium } from 'playwright-core';

/**
 * A session's Cookie header as the cookies a browser keeps for it, ready for `addCookies`.
 * @param {string} baseURL the server the session belongs to (cookies are kept per host, not port)
 * @param {string} cookie the session's Cookie header (bench/members.mjs signUpMember)
 */
export function sessionCookies(baseURL, cookie) {
  return cookie.split('; ').map((pair) => {
    const at = pair.indexOf('=');
    return {
      name: pair.slice(0, at),
      value: pair.slice(at + 1),
      url: baseURL,
      httpOnly: true,
      sameSite: 'Lax',
    };
  });
}

/**
 * @param {number} port the browser's remote debugging port
 * @param {string} baseURL @param {string} cookie as for `sessionCookies`
 */
export async function putSessionInJar(port, baseURL, cookie) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    await browser.contexts()[0]?.addCookies(sessionCookies(baseURL, cookie));
  } finally {
    // Connected, not launched: this only disconnects.
    await browser.close();
  }
}
