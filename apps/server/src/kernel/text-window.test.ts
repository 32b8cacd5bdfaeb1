import { describe, expect, it } from 'vitest';
import { cutAround, densestRegion, firstMatch, termMatches } from './text-window.ts';

describe('firstMatch', () => {
  it('finds a word written with diacritics from its plain form, at a word start', () => {
    const text = 'قال الحكيم: الحِكْمَةُ ضالّة المؤمن';
    const match = firstMatch(text, ['الحكمه']);
    expect(match).not.toBeNull();
    // The match covers the whole written word, its last haraka included.
    expect(text.slice(match?.start, match?.end)).toBe('الحِكْمَةُ');
    expect(firstMatch('Évidemment, café', ['cafe'])).toEqual({ start: 12, end: 16 });
    // "art" does not match inside "start".
    expect(firstMatch('a start', ['art'])).toBeNull();
    expect(firstMatch('the art', ['art'])).toEqual({ start: 4, end: 7 });
  });
});

describe('termMatches and densestRegion', () => {
  it('finds every word-start occurrence, article-less Arabic terms included, in text order', () => {
    const text = 'War is art. The art of war; start warily. والحرب خدعة';
    const matches = termMatches(text, ['art', 'war', 'حرب']);
    expect(matches.map((m) => [text.slice(m.start, m.end), m.term])).toEqual([
      ['War', 1],
      ['art', 0],
      ['art', 0],
      ['war', 1],
      ['war', 1],
      ['حرب', 2],
    ]);
  });

  it('picks the stretch with the most distinct terms, not the first match', () => {
    const text = `alpha ${'filler '.repeat(40)}alpha beta gamma ${'filler '.repeat(40)}`;
    const matches = termMatches(text, ['alpha', 'beta', 'gamma']);
    const region = densestRegion(matches, 60);
    expect(region && text.slice(region.start, region.end)).toBe('alpha beta gamma');
    expect(densestRegion([], 60)).toBeNull();
  });
});

describe('cutAround', () => {
  it('keeps the whole region even when it leaves less room than the lead', () => {
    const text = `${'a '.repeat(50)}START ${'b '.repeat(20)}END ${'c '.repeat(50)}`.trim();
    const start = text.indexOf('START');
    const end = text.indexOf('END') + 3;
    const window = cutAround(text, { start, end }, end - start + 4, 30);
    expect(window).toContain('START');
    expect(window).toContain('END');
    expect(cutAround('short text', { start: 0, end: 5 }, 100, 10)).toBe('short text');
  });
});
