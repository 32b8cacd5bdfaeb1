import { describe, expect, it } from 'vitest';
import { loginPathFor, sanitizeRedirect } from './redirect.ts';

describe('sanitizeRedirect', () => {
  it.each([
    ['/app/home', '/app/home'],
    ['/app/search?q=ibn%20khaldun', '/app/search?q=ibn%20khaldun'],
    ['/app/history/muqaddimah#p3', '/app/history/muqaddimah#p3'],
    ['/', '/'],
  ])('keeps the same-site path %s', (input, expected) => {
    expect(sanitizeRedirect(input)).toBe(expected);
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['app/home'],
    ['//evil.example/app'],
    ['/\\evil.example'],
    ['https://evil.example/'],
    ['javascript:alert(1)'],
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    [' /app/home'],
  ])('refuses %j', (input) => {
    expect(sanitizeRedirect(input)).toBeNull();
  });
});

describe('loginPathFor', () => {
  it('carries the path and query, encoded', () => {
    const path = loginPathFor({ pathname: '/app/search', search: '?q=a&b=c' });
    expect(path).toBe('/login?redirectTo=%2Fapp%2Fsearch%3Fq%3Da%26b%3Dc');
    const back = new URLSearchParams(path.split('?')[1]).get('redirectTo');
    expect(sanitizeRedirect(back)).toBe('/app/search?q=a&b=c');
  });
});
