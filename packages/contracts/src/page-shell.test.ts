import { describe, expect, it } from 'vitest';
import { fillShell, SHELL_HTML_TAG, SHELL_ROOT } from './page-shell.ts';

// The head as the build writes it (apps/web/index.html): the description's tag over four lines.
const SHELL = `<!doctype html>\n${SHELL_HTML_TAG}>\n<head><title>Sahifa</title>\n    <meta\n      name="description"\n      content="A library in English."\n    />\n</head>\n<body>${SHELL_ROOT}</body>\n</html>`;
const page = {
  title: 'Sahifa',
  description: 'A library in English.',
  html: '<h1>Library</h1>',
  language: 'en',
  styles: [],
  fonts: [],
  kind: 'public',
} as const;

describe('fillShell', () => {
  it('sets an Arabic page right to left, with its style sheets, its fonts and its lang on the root', () => {
    const out = fillShell(SHELL, {
      ...page,
      language: 'ar',
      description: 'مكتبة بالعربية.',
      styles: ['assets/landing.css'],
      fonts: ['/assets/arabic.woff2'],
    });
    expect(out).toContain('<html lang="ar" dir="rtl">');
    expect(out).toContain('<meta name="description" content="مكتبة بالعربية." />');
    expect(out).not.toContain('A library in English.');
    expect(out).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/landing.css"><link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/arabic.woff2"></head>',
    );
    expect(out).toContain('<div id="root"><div data-prerendered lang="ar"><h1>Library</h1></div></div>');
  });

  it("marks a member's page apart and puts what follows the root after it", () => {
    const out = fillShell(SHELL, { ...page, kind: 'member', afterRoot: '<script id="page-state"></script>' });
    expect(out).toContain('<html lang="en" dir="ltr">');
    expect(out).toContain(
      '<div id="root"><div data-prerendered="member" lang="en"><h1>Library</h1></div></div><script id="page-state"></script>',
    );
  });

  it('keeps a member\'s `$&`, `<` and `"` as text in the title, the description and the page', () => {
    const out = fillShell(SHELL, {
      ...page,
      title: 'A $& <b>',
      description: 'Say "$&" <i>',
      html: '<p>$&amp; $1</p>',
    });
    expect(out).toContain('<title>A $&amp; &lt;b></title>');
    expect(out).toContain('<meta name="description" content="Say &quot;$&amp;&quot; &lt;i>" />');
    expect(out).toContain('<p>$&amp; $1</p>');
  });
});
