import { describe, expect, it } from 'vitest';
import { makeSnippet, SNIPPET_LENGTH } from './snippet.ts';

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

  it('starts at most a lead before the match when the text ends soon after it', () => {
    const snippet = makeSnippet([`${'word '.repeat(60)}Lantern at the end.`], ['lantern']);
    expect(snippet.startsWith('…word')).toBe(true);
    expect(snippet.endsWith('Lantern at the end.')).toBe(true);
    expect(snippet.indexOf('Lantern')).toBeLessThanOrEqual(52);
  });

  it('uses the first text that matches, keeps diacritics, and is empty without a match', () => {
    const texts = ['About nothing in particular.', 'الصفحة الأولى', 'وفي الصفحة: الحِكْمَةُ نور.'];
    expect(makeSnippet(texts, ['الحكمه'])).toBe('وفي الصفحة: الحِكْمَةُ نور.');
    expect(makeSnippet(texts, ['zebra'])).toBe('');
    expect(makeSnippet(['Line one\n\nline   two lantern'], ['lantern'])).toBe('Line one line two lantern');
  });
});
