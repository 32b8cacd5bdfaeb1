import { describe, expect, it } from 'vitest';
import { needsNetwork } from './online.ts';

describe('a screen waiting for the network', () => {
  it('is a query paused offline with nothing to show (not an endless "Loading…")', () => {
    expect(needsNetwork({ data: undefined, isError: false, fetchStatus: 'paused' }, false)).toBe(true);
  });

  it('is a query that failed while offline', () => {
    expect(needsNetwork({ data: undefined, isError: true, fetchStatus: 'idle' }, false)).toBe(true);
  });

  it('is not a query still loading online, or one that failed online (its own error and retry)', () => {
    expect(needsNetwork({ data: undefined, isError: false, fetchStatus: 'fetching' }, true)).toBe(false);
    expect(needsNetwork({ data: undefined, isError: true, fetchStatus: 'idle' }, true)).toBe(false);
  });

  it('is not a query with data to show, even offline', () => {
    expect(needsNetwork({ data: { items: [] }, isError: false, fetchStatus: 'paused' }, false)).toBe(false);
    expect(needsNetwork({ data: { items: [] }, isError: true, fetchStatus: 'idle' }, false)).toBe(false);
  });
});
