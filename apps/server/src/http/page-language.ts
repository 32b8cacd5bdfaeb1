// The language a page is sent in: the one the reader's app last showed in this browser (its
// cookie, written beside the app's own stored choice), else the browser's first language, which is
// what src/boot.js follows on a first visit. Both sides resolve a tag alike (contracts/languages).

import type { IncomingHttpHeaders } from 'node:http';
import { LANGUAGE_COOKIE, type Language, resolveLanguage } from '@sahifa/contracts/languages';

const CHOSEN = new RegExp(`(?:^|;)\\s*${LANGUAGE_COOKIE}=([^;]*)`);

export function pageLanguage(headers: IncomingHttpHeaders): Language {
  const chosen = headers.cookie?.match(CHOSEN)?.[1];
  if (chosen) return resolveLanguage(chosen.trim());
  return resolveLanguage(headers['accept-language']?.split(',')[0]?.split(';')[0]?.trim());
}

/** Pages that differ by language say so to any cache between the server and the browser. */
export const VARIES_BY_LANGUAGE = 'accept-language, cookie';
