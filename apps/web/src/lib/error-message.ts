import { ApiError } from './api.ts';

/**
 * What to tell the member about a failed call: the API's own message when it wrote one for this
 * case (a client error, e.g. a rate limit's "try again in …", or a named server-side failure such
 * as payments being unavailable), else `fallback` (the network failed, or the server crashed).
 */
export function errorMessageOf(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || error.status === 0) return fallback;
  if (error.status < 500) return error.message;
  const generic = error.code === 'INTERNAL_ERROR' || error.code.startsWith('HTTP_');
  return generic ? fallback : error.message;
}
