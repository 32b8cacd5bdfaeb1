import { describe, expect, it } from 'vitest';
import { splitLinks } from './links.ts';

describe('splitLinks', () => {
  it('keeps plain text as one segment', () => {
    expect(splitLinks('hello\nworld')).toEqual([{ kind: 'text', text: 'hello\nworld' }]);
  });

  it('finds http and https links between text', () => {
    expect(splitLinks('see https://example.com/a?b=1 and http://x.org')).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'http://x.org', href: 'http://x.org' },
    ]);
  });

  it('leaves sentence punctuation outside the link', () => {
    expect(splitLinks('Read https://example.com/book. Then (https://a.io)')).toEqual([
      { kind: 'text', text: 'Read ' },
      { kind: 'link', text: 'https://example.com/book', href: 'https://example.com/book' },
      { kind: 'text', text: '. Then (' },
      { kind: 'link', text: 'https://a.io', href: 'https://a.io' },
      { kind: 'text', text: ')' },
    ]);
  });

  it('never links other schemes or markup', () => {
    const text = 'javascript:alert(1) <a href="https://evil">x</a> ftp://a.b';
    const links = splitLinks(text).filter((s) => s.kind === 'link');
    // Only the address inside the markup is a link; the tags stay text.
    expect(links).toEqual([{ kind: 'link', text: 'https://evil', href: 'https://evil' }]);
    expect(
      splitLinks(text)
        .map((s) => s.text)
        .join(''),
    ).toBe(text);
  });

  it('puts the text back together unchanged', () => {
    const text = 'a https://b.c/d, e\n\nhttps://f.g';
    expect(
      splitLinks(text)
        .map((s) => s.text)
        .join(''),
    ).toBe(text);
  });
});
