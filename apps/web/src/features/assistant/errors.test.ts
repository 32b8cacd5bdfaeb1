import { ASSISTANT_FAILURE_MESSAGE, nextUtcMidnight, QUOTA_EXCEEDED_CODE } from '@sahifa/contracts/assistant';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '#web/lib/api.ts';
import { ChatRequestError, chatFetch, chatProblem, retryAfterSeconds } from './errors.ts';

const now = new Date('2025-03-20T21:30:00Z');
const errorBody = (code: string, message = 'no') => ({ error: { code, message } });

describe('the chat transport’s fetch', () => {
  it('passes a streaming answer through untouched', async () => {
    const response = new Response('data: {"type":"start"}\n\n', {
      headers: { 'Content-Type': 'text/event-stream' },
    });
    const fetch = chatFetch(vi.fn(async () => response));
    await expect(fetch('/api/v1/assistant/conversations/c1/messages', { method: 'POST' })).resolves.toBe(
      response,
    );
  });

  it('turns a JSON error into a typed error with the Retry-After wait', async () => {
    const fetch = chatFetch(async () =>
      Response.json(errorBody(QUOTA_EXCEEDED_CODE, 'You have asked 50 questions today.'), {
        status: 429,
        headers: { 'Retry-After': '9000' },
      }),
    );
    const error = await fetch('/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChatRequestError);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, code: QUOTA_EXCEEDED_CODE, retryAfterSeconds: 9000 });
  });

  it('still gives a typed error when the body is not the API’s', async () => {
    const fetch = chatFetch(async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(fetch('/x')).rejects.toMatchObject({
      status: 502,
      code: 'HTTP_502',
      retryAfterSeconds: null,
    });
  });
});

describe('Retry-After', () => {
  it('reads seconds or an HTTP date', () => {
    expect(retryAfterSeconds('120')).toBe(120);
    expect(retryAfterSeconds('Thu, 20 Mar 2025 22:00:00 GMT', now)).toBe(1800);
    expect(retryAfterSeconds(null)).toBeNull();
    expect(retryAfterSeconds('soon')).toBeNull();
  });
});

describe('what went wrong, as the screen says it', () => {
  it('the quota: it resets after Retry-After, or at the next midnight UTC', () => {
    const quota = new ChatRequestError(new ApiError(429, QUOTA_EXCEEDED_CODE, '…'), 1800);
    expect(chatProblem(quota, now)).toEqual({ kind: 'quota', resetsAt: new Date('2025-03-20T22:00:00Z') });
    const bare = new ApiError(429, QUOTA_EXCEEDED_CODE, '…');
    expect(chatProblem(bare, now)).toEqual({ kind: 'quota', resetsAt: new Date('2025-03-21T00:00:00Z') });
    expect(nextUtcMidnight(new Date('2025-12-31T23:59:59Z'))).toEqual(new Date('2026-01-01T00:00:00Z'));
  });

  it('the write rate limit, a missing conversation, a stale retry, a refused question', () => {
    expect(chatProblem(new ApiError(429, 'RATE_LIMITED', 'Slow down'))).toEqual({ kind: 'rateLimited' });
    expect(chatProblem(new ApiError(404, 'CONVERSATION_NOT_FOUND', '…'))).toEqual({ kind: 'gone' });
    expect(chatProblem(new ApiError(409, 'NOTHING_TO_RETRY', '…'))).toEqual({ kind: 'stale' });
    expect(chatProblem(new ApiError(400, 'VALIDATION_ERROR', 'Too long'))).toEqual({
      kind: 'rejected',
      message: 'Too long',
    });
  });

  it('no network: fetch fails outright', () => {
    expect(chatProblem(new TypeError('Failed to fetch'))).toEqual({ kind: 'network' });
    expect(chatProblem(new ApiError(0, 'NETWORK_ERROR', 'offline'))).toEqual({ kind: 'network' });
  });

  it('the assistant failed (the stream’s error, a server error): the spec’s sentence and a retry', () => {
    expect(chatProblem(new Error(ASSISTANT_FAILURE_MESSAGE))).toEqual({ kind: 'failure' });
    expect(chatProblem(new ApiError(500, 'INTERNAL', 'x'))).toEqual({ kind: 'failure' });
  });
});
