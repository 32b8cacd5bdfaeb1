import { describe, expect, it } from 'vitest';
import { segment, withQuery } from './api-paths.ts';

describe('withQuery', () => {
  it('adds the parameters that have a value, encoded', () => {
    expect(withQuery('/api/v1/admin/members', { q: 'a b&c', cursor: 'x/y' })).toBe(
      '/api/v1/admin/members?q=a+b%26c&cursor=x%2Fy',
    );
  });

  it('leaves out empty and missing parameters', () => {
    expect(withQuery('/api/v1/admin/audit', { cursor: undefined, q: '' })).toBe('/api/v1/admin/audit');
  });
});

describe('segment', () => {
  it('keeps an id inside its path segment', () => {
    expect(segment('a/../b')).toBe('a%2F..%2Fb');
    expect(segment(12)).toBe('12');
  });
});
