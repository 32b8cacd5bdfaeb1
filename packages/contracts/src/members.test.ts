import { describe, expect, it } from 'vitest';
import { displayNameOf, FALLBACK_DISPLAY_NAME, parseUserNumber } from './members.ts';

describe('parseUserNumber', () => {
  it('reads positive whole numbers', () => {
    expect(parseUserNumber('1')).toBe(1);
    expect(parseUserNumber('42')).toBe(42);
    expect(parseUserNumber('007')).toBe(7);
    expect(parseUserNumber('123456789012345')).toBe(123456789012345);
  });

  it('refuses what cannot name a member, 0 included', () => {
    for (const value of [
      undefined,
      '',
      '0',
      '000',
      '-1',
      '-3',
      '1.5',
      '1e3',
      'abc',
      '12abc',
      ' 1',
      '1234567890123456',
    ]) {
      expect(parseUserNumber(value)).toBeNull();
    }
  });
});

describe('displayNameOf', () => {
  it('trims the name and falls back to "Darker" when it is empty', () => {
    expect(displayNameOf('  Amira ')).toBe('Amira');
    for (const name of ['', '   ', null, undefined]) expect(displayNameOf(name)).toBe(FALLBACK_DISPLAY_NAME);
  });
});
