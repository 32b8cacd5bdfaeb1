import { describe, expect, it } from 'vitest';
import { ApiError } from '#web/lib/api.ts';
import { actionError } from './errors.ts';

describe('actionError', () => {
  it('says nothing without an error', () => {
    expect(actionError(null, 'Failed')).toBeNull();
  });

  it('shows the reason the server gave for refusing', () => {
    expect(actionError(new ApiError(400, 'BAD', 'You cannot suspend an operator.'), 'Failed')).toBe(
      'You cannot suspend an operator.',
    );
  });

  it('falls back on network, server and not-found failures', () => {
    expect(actionError(new ApiError(0, 'NETWORK_ERROR', 'fetch failed'), 'Failed')).toBe('Failed');
    expect(actionError(new ApiError(500, 'INTERNAL', 'boom'), 'Failed')).toBe('Failed');
    expect(actionError(new ApiError(404, 'NOT_FOUND', 'No API route'), 'Failed')).toBe('Failed');
  });
});
