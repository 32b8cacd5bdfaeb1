import { searchTerms } from '@sahifa/contracts/search-text';
import { describe, expect, it } from 'vitest';
import { highlight, matchRanges, normaliseWithMap } from './highlight.ts';

const marked = (text: string, query: string) =>
  highlight(text, searchTerms(query))
    .filter((s) => s.match)
    .map((s) => s.text);

describe('normaliseWithMap', () => {
  it('maps every normalised unit back to the character it came from', () => {
    const { text, origin } = normaliseWithMap('أَب');
    expect(text).toBe('اب');
    // أ (0) + fatha (1) + ب (2): the fatha leaves nothing behind.
    expect(origin).toEqual([
      [0, 1],
      [2, 3],
    ]);
  });

  it('counts characters outside the BMP as two UTF-16 units', () => {
    const { text, origin } = normaliseWithMap('𝒜b');
    expect(text.endsWith('b')).toBe(true);
    expect(origin.at(-1)).toEqual([2, 3]);
  });
});

describe('highlight', () => {
  it('highlights a diacritised Arabic word, marks included, for a query typed without them', () => {
    const text = 'إنّ الحِكْمَةُ ضالّة المؤمن';
    expect(marked(text, 'الحكمة')).toEqual(['الحِكْمَةُ']);
    // The text around it is kept, exactly.
    expect(
      highlight(text, searchTerms('الحكمة'))
        .map((s) => s.text)
        .join(''),
    ).toBe(text);
  });

  it('treats every alef form, alef maqsura and taa marbuta as the letter the query uses', () => {
    expect(marked('قال إبراهيم', 'ابراهيم')).toEqual(['إبراهيم']);
    expect(marked('آمن وأمنٌ', 'امن')).toEqual(['آمن', 'أمنٌ']);
    expect(marked('على الهدى', 'علي')).toEqual(['على']);
    expect(marked('مدينة جميلة', 'مدينه')).toEqual(['مدينة']);
    // And the other way round: a query with diacritics or hamza finds the plain text.
    expect(marked('الحكمة', 'الحِكْمَة')).toEqual(['الحكمة']);
    expect(marked('امراة', 'أمرأة')).toEqual(['امراة']);
  });

  it('marks the whole word, article included, for a query with or without the article', () => {
    expect(marked('في التأملات وبالحكمة', 'تأملات')).toEqual(['التأملات']);
    expect(marked('في التأملات وبالحكمة', 'الحكمة')).toEqual(['وبالحكمة']);
    expect(marked('للكتاب', 'كتاب')).toEqual(['للكتاب']);
    // Inside a word that is not an article, the match stays where it is.
    expect(marked('مكتاب', 'كتاب')).toEqual(['كتاب']);
  });

  it('ignores tatweel in the text and keeps it inside the match', () => {
    expect(marked('الحكـــمة هنا', 'الحكمة')).toEqual(['الحكـــمة']);
  });

  it('matches Latin text without regard to case or accents', () => {
    expect(marked('The Art of War', 'art')).toEqual(['Art']);
    expect(marked('Café Society at the CAFE', 'cafe')).toEqual(['Café', 'CAFE']);
    // A decomposed accent (e + U+0301) stays with its letter.
    expect(marked('cafe\u0301 noir', 'café')).toEqual(['cafe\u0301']);
  });

  it('highlights every term, in reading order, and merges overlapping matches', () => {
    expect(marked('Marcus Aurelius wrote the Meditations', 'meditations marcus')).toEqual([
      'Marcus',
      'Meditations',
    ]);
    expect(matchRanges('abcdef', ['abc', 'cde'])).toEqual([[0, 5]]);
    expect(marked('stoic stoicism', 'stoic')).toEqual(['stoic', 'stoic']);
  });

  it('returns the text unmarked when nothing matches, and nothing for an empty text', () => {
    expect(highlight('Walden', ['thoreau'])).toEqual([{ text: 'Walden', match: false }]);
    expect(highlight('Walden', [])).toEqual([{ text: 'Walden', match: false }]);
    expect(highlight('', ['a'])).toEqual([]);
  });

  it('keeps markup in the text as plain text (React renders segments as text nodes)', () => {
    const text = '<img src=x onerror=alert(1)> the <b>art</b>';
    const segments = highlight(text, searchTerms('art'));
    expect(segments.map((s) => s.text).join('')).toBe(text);
    expect(segments.filter((s) => s.match).map((s) => s.text)).toEqual(['art']);
  });
});
