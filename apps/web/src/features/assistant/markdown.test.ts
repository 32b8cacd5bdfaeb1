import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import Markdown from 'react-markdown';
import { describe, expect, it } from 'vitest';
import { answerMarkdownOptions, safeLinkUrl } from './markdown.ts';

const render = (text: string) => renderToStaticMarkup(createElement(Markdown, answerMarkdownOptions, text));

describe('an answer’s Markdown', () => {
  it('renders the usual Markdown', () => {
    expect(render('**Virtue** is *enough*.\n\n- one\n- two')).toBe(
      '<p><strong>Virtue</strong> is <em>enough</em>.</p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>',
    );
  });

  it('drops raw HTML, scripts and images', () => {
    const html = render(
      'Hi <script>alert(1)</script><b onclick="x()">bold</b>\n\n<img src=x onerror=alert(1)>\n\n![cat](https://example.com/cat.png)',
    );
    expect(html).not.toMatch(/<script|<b|<img|onerror|onclick/);
    expect(html).toContain('bold');
  });

  it('keeps only http(s) links', () => {
    expect(render('[site](https://example.com/a)')).toBe('<p><a href="https://example.com/a">site</a></p>');
    expect(render('[x](javascript:alert(1))')).not.toContain('javascript');
    expect(render('[x](data:text/html,hi)')).not.toContain('data:');
    expect(render('[x](/app/settings)')).toBe('<p><a href="">x</a></p>');
    expect(safeLinkUrl(' http://example.com ')).toBe('http://example.com/');
    expect(safeLinkUrl('mailto:a@b.c')).toBe('');
  });

  it('shows the citation markers as reference numbers, in prose only', () => {
    expect(render('Reason rules [P1][P2]. Not in `code [P3]`.')).toBe(
      '<p>Reason rules<sup data-citation-ref="1">1</sup><sup data-citation-ref="2">2</sup>. Not in <code>code [P3]</code>.</p>',
    );
    expect(render('الغضب قصير [P4].')).toBe('<p>الغضب قصير<sup data-citation-ref="4">4</sup>.</p>');
  });
});
