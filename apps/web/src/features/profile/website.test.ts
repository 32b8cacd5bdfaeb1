import { describe, expect, it } from 'vitest';
import { isAllowedWebsite, websiteHref } from './website.ts';

describe('isAllowedWebsite', () => {
  it.each(['', '   ', 'https://example.com', 'http://example.com/a?b=c', 'HTTPS://Example.com'])(
    'allows %j',
    (v) => {
      expect(isAllowedWebsite(v)).toBe(true);
    },
  );

  it.each([
    'javascript:alert(1)',
    'data:text/html,hi',
    'ftp://example.com',
    'example.com',
    'https://',
    'https://exa mple.com',
    '//example.com',
  ])('refuses %j', (v) => {
    expect(isAllowedWebsite(v)).toBe(false);
  });
});

describe('websiteHref', () => {
  it('links only http(s)', () => {
    expect(websiteHref('https://a.io')).toBe('https://a.io');
    expect(websiteHref('javascript:alert(1)')).toBeNull();
    expect(websiteHref(null)).toBeNull();
    expect(websiteHref('')).toBeNull();
  });
});
