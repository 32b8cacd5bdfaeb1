import { ApiError } from '#web/lib/api.ts';

/**
 * What to say when a console action failed: the server's own message when it refused the request
 * (they are written to be shown, e.g. "you cannot suspend another operator"), else `fallback`.
 */
export function actionError(error: unknown, fallback: string): string | null {
  if (!error) return null;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 404) {
    return error.message;
  }
  return fallback;
}
