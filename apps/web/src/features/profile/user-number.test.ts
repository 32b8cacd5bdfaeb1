import { describe, expect, it } from 'vitest';
import { parseUserNumber } from './user-number.ts';

describe('parseUserNumber', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['007', 7],
  ])('%s → %d', (input, expected) => expect(parseUserNumber(input)).toBe(expected));

  it.each([[undefined], [''], ['0'], ['-3'], ['1.5'], ['1e3'], ['abc'], ['12abc'], ['9'.repeat(16)]])(
    'refuses %j',
    (input) => expect(parseUserNumber(input)).toBeNull(),
  );
});
