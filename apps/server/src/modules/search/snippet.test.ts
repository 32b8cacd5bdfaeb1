import { describe, expect, it } from 'vitest';
import { firstMatch, makeSnippet, SNIPPET_LENGTH } from './snippet.ts';

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

describe('makeSnippet', () => {
  it('shows a window of the original text around the first match, words unbroken', () => {
    const before = 'word '.repeat(60);
    const after = ' more'.repeat(60);
    const snippet = makeSnippet([`${before}Lantern${after}`], ['lantern']);
    expect(snippet).toContain('Lantern');
    expect(snippet.startsWith('…word')).toBe(true);
    expect(snippet.endsWith('more…')).toBe(true);
    expect(snippet.length).toBeLessThanOrEqual(SNIPPET_LENGTH + 2);
    expect(snippet.indexOf('Lantern')).toBeGreaterThan(20);
  });

  it('uses the first text that matches, keeps diacritics, and is empty without a match', () => {
    const texts = ['About nothing in particular.', 'الصفحة الأولى', 'وفي الصفحة: الحِكْمَةُ نور.'];
    expect(makeSnippet(texts, ['الحكمه'])).toBe('وفي الصفحة: الحِكْمَةُ نور.');
    expect(makeSnippet(texts, ['zebra'])).toBe('');
    expect(makeSnippet(['Line one\n\nline   two lantern'], ['lantern'])).toBe('Line one line two lantern');
  });
});
