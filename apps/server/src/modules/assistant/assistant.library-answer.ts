// Library mode (no language model configured): the answer is the best passages themselves, quoted
// and cited, so a fresh start has a working assistant. The quotes are library text, which members
// write too: everything Markdown could read as structure (a heading, a list, a link, an image,
// HTML) is escaped, so it renders as the text it is.
import type { Lang } from '@sahifa/contracts/library';
import { titleIn } from '#server/kernel/book-cards.ts';
import { windowAround } from '#server/kernel/text-window.ts';
import type { Passage } from './assistant.retrieval.ts';

/** The answer when the library has nothing on the question (library mode, and the model's rule). */
export const NOT_COVERED: Record<Lang, string> = {
  en: 'Our library does not cover this yet. Try asking about one of the books in the library, or browse the categories.',
  ar: 'مكتبتنا لا تغطي هذا الموضوع بعد. جرّب أن تسأل عن أحد كتب المكتبة، أو تصفّح التصنيفات.',
};

/** Passages quoted in a library answer. */
export const LIBRARY_QUOTES = 3;
/** About this many characters of each passage are quoted. */
export const QUOTE_CHARS = 300;

/**
 * Characters that can make Markdown structure anywhere in a line: emphasis, code, links and
 * images (`[`, `]`, `!`), autolinks and HTML (`<`, `>`), entities (`&`), headings (`#`), tables
 * (`|`), strikethrough (`~`), and the backslash itself.
 */
const INLINE_SIGNIFICANT = /[\\`*_[\]<>!&#|~]/g;
/** Where GitHub-flavoured Markdown would turn a bare address into a link (`http://…`, `www.…`). */
const BARE_LINK = /\b(?:(https?|ftp|mailto)(:)|(www)(\.))/gi;
/** What makes a block at the start of a line: list bullets, ordered-list numbers, setext underlines. */
const LINE_START_SIGNIFICANT = /^(\s*)([-+=]|\d+(?=[.)]))/;

/** Text that renders as itself: one line, every Markdown-significant character escaped, bare addresses broken. */
export function escapeMarkdownText(text: string): string {
  const escaped = text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(INLINE_SIGNIFICANT, (char) => `\\${char}`)
    // An escape between the scheme and the rest keeps a renderer from seeing a link.
    .replace(BARE_LINK, (_, scheme?: string, colon?: string, www?: string, dot?: string) =>
      scheme ? `${scheme}\\${colon}` : `${www}\\${dot}`,
    );
  // `1.` starts a list: escaping the dot (`1\.`) keeps the number as text.
  return escaped.replace(LINE_START_SIGNIFICANT, (_, space: string, marker: string) =>
    /\d/.test(marker) ? `${space}${marker}\\` : `${space}\\${marker}`,
  );
}

/** About QUOTE_CHARS characters of the passage from its best-matching stretch, words unbroken. */
function quoteOf(passage: Passage): string {
  const text = passage.text;
  const focus = Math.min(Math.max(0, passage.focus ?? 0), text.length);
  const window = windowAround(text, { start: focus, end: focus }, QUOTE_CHARS, 0);
  const body = text.slice(window.start, window.end).trim();
  const head = window.start > 0 && !body.startsWith('…') ? '…' : '';
  const tail = window.end < text.length && !/[….!?؟]$/u.test(body) ? '…' : '';
  return `${head}${body}${tail}`;
}

/** The source line under a quote: `— *Title*, p. 4 [P1]` (Arabic: `— *العنوان*، ص. 4 [P1]`). */
function sourceLine(passage: Passage, lang: Lang): string {
  const title = escapeMarkdownText(titleIn(passage, lang));
  return lang === 'ar'
    ? `— *${title}*، ص. ${passage.page} [P${passage.ref}]`
    : `— *${title}*, p. ${passage.page} [P${passage.ref}]`;
}

/**
 * The library-mode answer in Markdown: the top three passages, each a blockquote of its most
 * relevant part and a line naming the book and page with the passage's id; without passages,
 * exactly NOT_COVERED[lang].
 */
export function libraryAnswer(passages: Passage[], lang: Lang): string {
  const quoted = passages.slice(0, LIBRARY_QUOTES);
  if (quoted.length === 0) return NOT_COVERED[lang];
  // A blank line between the quote and its source, or the source line would join the quote.
  return quoted.map((p) => `> ${escapeMarkdownText(quoteOf(p))}\n\n${sourceLine(p, lang)}`).join('\n\n');
}
