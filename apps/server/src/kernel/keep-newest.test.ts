import { describe, expect, it } from 'vitest';
import { keepNewest } from './keep-newest.ts';

describe('keepNewest', () => {
  it('drops the oldest entry once the map is full, and counts a key set again as new', () => {
    const map = new Map<string, number>();
    for (const key of ['a', 'b', 'c']) keepNewest(map, key, 1, 3);
    expect(keepNewest(map, 'a', 2, 3)).toBeUndefined();
    expect(keepNewest(map, 'd', 1, 3)).toEqual(['b', 1]);
    expect([...map]).toEqual([
      ['c', 1],
      ['a', 2],
      ['d', 1],
    ]);
  });
});
