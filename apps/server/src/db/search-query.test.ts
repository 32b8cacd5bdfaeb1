import { describe, expect, it } from 'vitest';
import { fts5PrefixQuery, tsPrefixQuery } from './search-query.ts';

describe('query building never turns input into syntax', () => {
  it('quotes every term', () => {
    expect(fts5PrefixQuery(['a"b', 'c'])).toBe('"a""b"* AND "c"*');
    expect(tsPrefixQuery(["o'neil", 'x\\y'])).toBe("'o''neil':* & 'x\\\\y':*");
  });

  it('joins with OR for "any term", still quoted', () => {
    expect(fts5PrefixQuery(['art', 'NEAR', 'w"ar'], 'OR')).toBe('"art"* OR "NEAR"* OR "w""ar"*');
    expect(tsPrefixQuery(['art', "o'x"], '|')).toBe("'art':* | 'o''x':*");
  });
});
