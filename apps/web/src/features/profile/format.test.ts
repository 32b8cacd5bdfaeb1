import { describe, expect, it } from 'vitest';
import { formatJoinDate } from './format.ts';

describe('formatJoinDate', () => {
  it('is a long US-English date', () => {
    expect(formatJoinDate(new Date(2026, 2, 5, 12))).toBe('March 5, 2026');
  });
});
