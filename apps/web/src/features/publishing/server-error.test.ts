import { describe, expect, it } from 'vitest';
import { ApiError } from '#web/lib/api.ts';
import { serverErrorKey } from './server-error.ts';

describe('serverErrorKey', () => {
  it('keeps the API’s explanation of a refused summary', () => {
    expect(serverErrorKey(new ApiError(400, 'BAD_REQUEST', 'Unknown category'))).toEqual({
      key: 'invalid',
      detail: 'Unknown category',
    });
  });

  it('names the usual failures plainly', () => {
    expect(serverErrorKey(new ApiError(413, 'PAYLOAD_TOO_LARGE', 'x')).key).toBe('tooLarge');
    expect(serverErrorKey(new ApiError(401, 'UNAUTHORIZED', 'No authenticated user')).key).toBe('signedOut');
    expect(serverErrorKey(new ApiError(403, 'FORBIDDEN', 'x')).key).toBe('forbidden');
    expect(serverErrorKey(new ApiError(0, 'NETWORK_ERROR', 'x')).key).toBe('network');
    expect(serverErrorKey(new ApiError(500, 'INTERNAL', 'x')).key).toBe('unknown');
    expect(serverErrorKey(new Error('boom')).key).toBe('unknown');
  });
});
