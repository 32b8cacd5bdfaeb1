import { describe, expect, it } from 'vitest';
import { keepRedirect, loginPathFor, sanitizeRedirect } from './redirect.ts';

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

describe('keepRedirect', () => {
  it('carries the page the member was going to between log in and sign up', () => {
    expect(keepRedirect('/sign-up', '/app/search?q=ibn%20khaldun')).toBe(
      '/sign-up?redirectTo=%2Fapp%2Fsearch%3Fq%3Dibn%2520khaldun',
    );
    expect(keepRedirect('/login', '/app/my-library')).toBe('/login?redirectTo=%2Fapp%2Fmy-library');
  });

  it('drops a missing or unsafe target', () => {
    expect(keepRedirect('/sign-up', null)).toBe('/sign-up');
    expect(keepRedirect('/login', '//evil.example')).toBe('/login');
  });
});
