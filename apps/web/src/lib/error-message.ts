import i18n from 'i18next';
import { ApiError } from './api.ts';

/**
 * What to tell the member about a failed call: the API's own message when it wrote one for this
 * case (a client error, e.g. a rate limit's "try again in …", or a named server-side failure such
 * as payments being unavailable), else `fallback` (the network failed, or the server crashed).
 * The API writes in English; in another language, a message known by its code (apiErrors) is
 * said in that language instead.
 */
export function errorMessageOf(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || error.status === 0) return fallback;
  const generic = error.code === 'INTERNAL_ERROR' || error.code.startsWith('HTTP_');
  if (error.status >= 500 && generic) return fallback;
  const key = `apiErrors.${error.code}`;
  return !i18n.language?.startsWith('en') && i18n.exists(key) ? i18n.t(key) : error.message;
}
