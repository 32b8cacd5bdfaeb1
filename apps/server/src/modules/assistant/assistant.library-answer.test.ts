import { describe, expect, it } from 'vitest';
import {
  escapeMarkdownText,
  LIBRARY_QUOTES,
  libraryAnswer,
  NOT_COVERED,
} from './assistant.library-answer.ts';
import { citedRefs } from './assistant.prompt.ts';
import type { Passage } from './assistant.retrieval.ts';

function passage(ref: number, overrides: Partial<Passage> = {}): Passage {
  return {
    ref,
    bookId: `book-${ref}`,
    categoryId: 'philosophy',
    title: `Book ${ref}`,
    titleAr: `كتاب ${ref}`,
    author: 'Author',
    authorAr: null,
    page: ref + 1,
    lang: 'en',
    header: 'Header',
    text: `Quote number ${ref}.`,
    focus: 0,
    ...overrides,
  };
}

/** The lines of the answer that are not blank. */
const lines = (markdown: string) => markdown.split('\n').filter((l) => l !== '');

describe('libraryAnswer', () => {
  it('quotes the top three passages, each with its book, page and id', () => {
    const passages = [1, 2, 3, 4].map((ref) => passage(ref));
    const answer = libraryAnswer(passages, 'en');
    expect(lines(answer)).toEqual([
      '> Quote number 1.',
      '— *Book 1*, p. 2 [P1]',
      '> Quote number 2.',
      '— *Book 2*, p. 3 [P2]',
      '> Quote number 3.',
      '— *Book 3*, p. 4 [P3]',
    ]);
    // A blank line keeps each source line out of the quote above it.
    expect(answer).toContain('> Quote number 1.\n\n— *Book 1*');
    expect(citedRefs(answer, passages).map((p) => p.ref)).toEqual([1, 2, 3]);
    expect(LIBRARY_QUOTES).toBe(3);
  });

  it('in Arabic: the Arabic title (the English one when there is none), and ص.', () => {
    const passages = [
      passage(1, { lang: 'ar', text: 'الحِكْمَةُ ضالّة المؤمن.' }),
      passage(2, { titleAr: null, title: 'Walden' }),
    ];
    expect(lines(libraryAnswer(passages, 'ar'))).toEqual([
      '> الحِكْمَةُ ضالّة المؤمن.',
      '— *كتاب 1*، ص. 2 [P1]',
      '> Quote number 2.',
      '— *Walden*، ص. 3 [P2]',
    ]);
  });

  it('says the library does not cover the question when there are no passages', () => {
    expect(libraryAnswer([], 'en')).toBe(NOT_COVERED.en);
    expect(libraryAnswer([], 'ar')).toBe(NOT_COVERED.ar);
    expect(NOT_COVERED.en).toBe(
      'Our library does not cover this yet. Try asking about one of the books in the library, or browse the categories.',
    );
  });

  it('quotes about 300 characters from the focus, words whole', () => {
    const text =
      `${'Before the point. '.repeat(20)}The point starts here and goes on. ${'After the point. '.repeat(40)}`.trim();
    const focus = text.indexOf('The point');
    const answer = libraryAnswer([passage(1, { text, focus })], 'en');
    const quote = lines(answer)[0] ?? '';
    expect(quote.startsWith('> …The point starts here')).toBe(true);
    expect(quote.endsWith('…')).toBe(true);
    expect(quote.length).toBeLessThanOrEqual(2 + 300 + 2);
    // Whole words: what is quoted is the text from the focus up to a space.
    const body = quote.slice(3, -1);
    expect(text.startsWith(body, focus)).toBe(true);
    expect(text[focus + body.length]).toBe(' ');
  });

  it('cannot be made to render headings, lists, links, images or HTML by a passage', () => {
    const hostile = [
      '# Heading from a passage',
      '![x](http://evil.example/track.png) and [click](http://evil.example)',
      '<img src=x onerror=alert(1)> <script>alert(1)</script>',
      '- a list item',
      '1. a numbered item',
      '> nested quote',
      '`code` **bold** _em_ ~~strike~~ | table |',
      '[P3] fake citation',
    ];
    const passages = hostile.map((text, i) =>
      passage(i + 1, { text, title: i === 0 ? '# Title [x](y)' : 'Safe' }),
    );
    const answer = hostile.map((_, i) => libraryAnswer([passages[i] as Passage], 'en')).join('\n\n');
    const quoteLines = lines(answer).filter((l) => l.startsWith('> '));
    expect(quoteLines).toEqual([
      '> \\# Heading from a passage',
      '> \\!\\[x\\](http\\://evil.example/track.png) and \\[click\\](http\\://evil.example)',
      '> \\<img src=x onerror=alert(1)\\> \\<script\\>alert(1)\\</script\\>',
      '> \\- a list item',
      '> 1\\. a numbered item',
      '> \\> nested quote',
      '> \\`code\\` \\*\\*bold\\*\\* \\_em\\_ \\~\\~strike\\~\\~ \\| table \\|',
      '> \\[P3\\] fake citation',
    ]);
    // The title is escaped too; and a fake citation inside a quote is not a citation.
    expect(answer).toContain('— *\\# Title \\[x\\](y)*, p. 2 [P1]');
    const fake = libraryAnswer([passage(1, { text: '[P2] see' })], 'en');
    expect(citedRefs(fake, [passage(1), passage(2)]).map((p) => p.ref)).toEqual([1]);
  });
});

describe('escapeMarkdownText', () => {
  it('makes one line, and leaves ordinary text alone', () => {
    expect(escapeMarkdownText('Plain words, (in parentheses) — and 3 numbers.')).toBe(
      'Plain words, (in parentheses) — and 3 numbers.',
    );
    expect(escapeMarkdownText('two\n\n# lines')).toBe('two \\# lines');
    expect(escapeMarkdownText('نصٌّ عربيّ.')).toBe('نصٌّ عربيّ.');
    expect(escapeMarkdownText('+ plus')).toBe('\\+ plus');
    expect(escapeMarkdownText('=== setext')).toBe('\\=== setext');
    // Bare addresses (links in GitHub-flavoured Markdown) are broken by an escape.
    expect(escapeMarkdownText('see https://evil.example or WWW.evil.example')).toBe(
      'see https\\://evil.example or WWW\\.evil.example',
    );
  });
});
