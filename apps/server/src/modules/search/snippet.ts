// The passage shown under a search result: a window of the ORIGINAL text (diacritics and all)
// around the first place a query word starts, found through the normalised text so that
// `الحكمة` finds `الحِكْمَةُ`. Computed here rather than by the engines' snippet functions, so
// SQLite and PostgreSQL give the same answer.
import { arabicArticleLength, normalizeSearchChar, normalizeSearchText } from '@sahifa/contracts/search-text';

export const SNIPPET_LENGTH = 160;
/** How much of the window comes before the match. */
const LEAD = 50;

const WORD_CHAR = /[\p{L}\p{N}]/u;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

interface Normalised {
  text: string;
  /** For each code unit of `text`, the code-unit offset of the original character it came from. */
  origin: number[];
}

function normalise(text: string): Normalised {
  let out = '';
  const origin: number[] = [];
  let offset = 0;
  for (const char of text) {
    const mapped = normalizeSearchChar(char);
    out += mapped;
    for (let i = 0; i < mapped.length; i += 1) origin.push(offset);
    offset += char.length;
  }
  return { text: out, origin };
}

/**
 * True when `term` at `at` starts a word, or follows only the word's definite article (terms
 * come without it: `تاملات` starts the word `التاملات`).
 */
function startsWord(text: string, at: number, term: string): boolean {
  let wordStart = at;
  while (wordStart > 0 && WORD_CHAR.test(text[wordStart - 1] ?? '')) wordStart -= 1;
  if (wordStart === at) return true;
  const prefix = text.slice(wordStart, at);
  return arabicArticleLength(prefix + term) === prefix.length;
}

/** Offset in `text` where one of the (normalised) terms first starts a word, or -1. */
export function firstMatch(text: string, terms: readonly string[]): { start: number; end: number } | null {
  const norm = normalise(text);
  let best: { at: number; length: number } | null = null;
  for (const term of terms) {
    if (!term) continue;
    let from = 0;
    for (;;) {
      const at = norm.text.indexOf(term, from);
      if (at < 0) break;
      if (startsWord(norm.text, at, term)) {
        if (!best || at < best.at) best = { at, length: term.length };
        break;
      }
      from = at + 1;
    }
  }
  if (!best) return null;
  const start = norm.origin[best.at] ?? 0;
  const lastUnit = best.at + best.length;
  const end = lastUnit < norm.origin.length ? (norm.origin[lastUnit] ?? text.length) : text.length;
  return { start, end };
}

/** A ~160-character passage around the first match in the first text that has one, or ''. */
export function makeSnippet(
  texts: readonly string[],
  terms: readonly string[],
  length = SNIPPET_LENGTH,
): string {
  for (const raw of texts) {
    if (!raw) continue;
    const text = raw.replace(/\s+/g, ' ').trim();
    // Cheap test first: only the text that holds a term pays for the character map.
    const normalised = normalizeSearchText(text);
    if (!terms.some((term) => term && normalised.includes(term))) continue;
    const match = firstMatch(text, terms);
    if (!match) continue;
    let start = Math.max(0, match.start - LEAD);
    let end = Math.min(text.length, start + length);
    start = Math.max(0, Math.min(start, end - length));
    // Do not cut words in half: move inwards to the nearest space (never past the match).
    if (start > 0) {
      const space = text.indexOf(' ', start);
      if (space >= 0 && space < match.start) start = space + 1;
    }
    if (end < text.length) {
      const space = text.lastIndexOf(' ', end);
      if (space > match.end) end = space;
    }
    // Never split a surrogate pair (emoji, rare scripts).
    if (start > 0 && isLowSurrogate(text.charCodeAt(start))) start += 1;
    if (end < text.length && isLowSurrogate(text.charCodeAt(end))) end -= 1;
    return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
  }
  return '';
}
