import { ApiError } from '#web/lib/api.ts';

/** How a failed save is explained: a translation key under publishing.serverErrors, and the server's words. */
export function serverErrorKey(error: unknown): { key: string; detail: string | null } {
  if (!(error instanceof ApiError)) return { key: 'unknown', detail: null };
  switch (error.status) {
    case 0:
      return { key: 'network', detail: null };
    case 400:
      // The API's message says what is wrong ("Unknown category", "The image could not be read"…).
      return { key: 'invalid', detail: error.message };
    case 401:
      return { key: 'signedOut', detail: null };
    case 403:
      return { key: 'forbidden', detail: null };
    case 404:
      return { key: 'notFound', detail: null };
    case 413:
      return { key: 'tooLarge', detail: null };
    case 429:
      return { key: 'tooMany', detail: null };
    default:
      return { key: 'unknown', detail: null };
  }
}
