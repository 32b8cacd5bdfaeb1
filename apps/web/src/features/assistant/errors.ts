// What went wrong with a question, in the terms the screen shows: the daily quota (and when it
// resets), asking too fast, no network, the conversation gone, or the spec's failure sentence.
import { nextUtcMidnight, QUOTA_EXCEEDED_CODE } from '@sahifa/contracts/assistant';
import { ApiError, toApiError } from '#web/lib/api.ts';

/** A JSON error answered before the stream started (400, 401, 404, 409, 429), with Retry-After. */
export class ChatRequestError extends ApiError {
  /** Seconds until the request may succeed (429), when the server said. */
  readonly retryAfterSeconds: number | null;

  constructor(error: ApiError, retryAfterSeconds: number | null) {
    super(error.status, error.code, error.message);
    this.name = 'ChatRequestError';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** `Retry-After` in seconds (an HTTP date is read too); null when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now: Date = new Date()): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now.getTime()) / 1000));
}

export async function toChatRequestError(response: Response): Promise<ChatRequestError> {
  return new ChatRequestError(
    await toApiError(response),
    retryAfterSeconds(response.headers.get('Retry-After')),
  );
}

/**
 * The chat transport's fetch: a non-2xx answer becomes a ChatRequestError the screen can read
 * (the AI SDK would otherwise throw the raw body as the message).
 */
export function chatFetch(fetchImpl: typeof fetch = (...args) => globalThis.fetch(...args)): typeof fetch {
  return async (input, init) => {
    const response = await fetchImpl(input, init);
    if (!response.ok) throw await toChatRequestError(response);
    return response;
  };
}

export type ChatProblem =
  /** The day's questions are used up: the composer waits until `resetsAt`. */
  | { kind: 'quota'; resetsAt: Date }
  | { kind: 'rateLimited' }
  /** The question could not reach the server. */
  | { kind: 'network' }
  /** The conversation was deleted (in another tab) or is not the member's. */
  | { kind: 'gone' }
  /** Nothing to retry: the conversation moved on elsewhere (another tab answered it). */
  | { kind: 'stale' }
  /** The server refused the question as written (too long, empty): its message. */
  | { kind: 'rejected'; message: string }
  /** The assistant failed (the spec's sentence): retry the same question. */
  | { kind: 'failure' };

export function chatProblem(error: unknown, now: Date = new Date()): ChatProblem {
  if (error instanceof ApiError) {
    if (error.status === 429 && error.code === QUOTA_EXCEEDED_CODE) {
      const wait = error instanceof ChatRequestError ? error.retryAfterSeconds : null;
      return {
        kind: 'quota',
        resetsAt: wait != null ? new Date(now.getTime() + wait * 1000) : nextUtcMidnight(now),
      };
    }
    if (error.status === 429) return { kind: 'rateLimited' };
    if (error.status === 404) return { kind: 'gone' };
    if (error.status === 409) return { kind: 'stale' };
    if (error.status === 0) return { kind: 'network' };
    if (error.status === 400) return { kind: 'rejected', message: error.message };
    return { kind: 'failure' };
  }
  // fetch failing outright (no network, the server unreachable) throws a TypeError.
  if (error instanceof TypeError) return { kind: 'network' };
  // An `error` chunk in the stream carries the spec's sentence; anything else fails the same way.
  return { kind: 'failure' };
}
