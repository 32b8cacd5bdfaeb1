// Windows of ORIGINAL text (diacritics and all) around the places where query terms occur, found
// through the normalised text (search-text.ts) so that `الحكمة` finds `الحِكْمَةُ`: the passage
// under a search result, the passages MoejrAI reads and quotes. Computed in code rather than by
// the engines' snippet functions, so SQLite and PostgreSQL give the same answer.
import { arabicArticleLength, normalizeSearchChar } from '@sahifa/contracts/search-text';

/** Where a term occurs in the original text: code-unit offsets, `end` exclusive; `term` is its index in the terms. */
export interface TermMatch {
  start: number;
  end: number;
  term: number;
}

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

function toOriginal(
  norm: Normalised,
  text: string,
  at: number,
  length: number,
): { start: number; end: number } {
  const start = norm.origin[at] ?? 0;
  const lastUnit = at + length;
  const end = lastUnit < norm.origin.length ? (norm.origin[lastUnit] ?? text.length) : text.length;
  return { start, end };
}

/** Where one of the (normalised) terms first starts a word, or null. */
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
  return best ? toOriginal(norm, text, best.at, best.length) : null;
}

/** Every place a (normalised) term starts a word, in text order. */
export function termMatches(text: string, terms: readonly string[]): TermMatch[] {
  const norm = normalise(text);
  const matches: TermMatch[] = [];
  terms.forEach((term, index) => {
    if (!term) return;
    let from = 0;
    for (;;) {
      const at = norm.text.indexOf(term, from);
      if (at < 0) break;
      if (startsWord(norm.text, at, term))
        matches.push({ ...toOriginal(norm, text, at, term.length), term: index });
      from = at + term.length;
    }
  });
  return matches.sort((a, b) => a.start - b.start || a.term - b.term);
}

/**
 * The stretch of at most `length` characters holding the most distinct terms (then the most
 * matches, then the earliest): from its first match to its last. Null without matches.
 */
export function densestRegion(
  matches: readonly TermMatch[],
  length: number,
): { start: number; end: number } | null {
  let best: { start: number; end: number; distinct: number; count: number } | null = null;
  const counts = new Map<number, number>();
  let last = 0;
  for (let first = 0; first < matches.length; first += 1) {
    const from = matches[first] as TermMatch;
    // Grow the stretch while it fits, then score it; shrink from the left on the next turn.
    while (last < matches.length && (matches[last] as TermMatch).end - from.start <= length) {
      const term = (matches[last] as TermMatch).term;
      counts.set(term, (counts.get(term) ?? 0) + 1);
      last += 1;
    }
    if (last > first) {
      const count = last - first;
      const distinct = counts.size;
      if (!best || distinct > best.distinct || (distinct === best.distinct && count > best.count)) {
        best = { start: from.start, end: (matches[last - 1] as TermMatch).end, distinct, count };
      }
      const left = counts.get(from.term) ?? 0;
      if (left <= 1) counts.delete(from.term);
      else counts.set(from.term, left - 1);
    } else {
      // A single match longer than the window: keep it alone.
      best ??= { start: from.start, end: from.end, distinct: 1, count: 1 };
      last = first + 1;
    }
  }
  return best ? { start: best.start, end: best.end } : null;
}

/**
 * The window of at most `length` characters of `text` (whitespace already collapsed) holding
 * `region`, starting at most `lead` characters before it (less when the region needs the room);
 * words and surrogate pairs are never cut. Offsets into `text`, `end` exclusive.
 */
export function windowAround(
  text: string,
  region: { start: number; end: number },
  length: number,
  lead: number,
): { start: number; end: number } {
  if (text.length <= length) return { start: 0, end: text.length };
  let start = Math.max(0, region.start - Math.max(0, Math.min(lead, length - (region.end - region.start))));
  let end = Math.min(text.length, start + length);
  start = Math.max(0, Math.min(start, end - length));
  // Do not cut words in half: move inwards to the nearest space (never past the region).
  if (start > 0) {
    const space = text.indexOf(' ', start);
    if (space >= 0 && space < region.start) start = space + 1;
  }
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > region.end) end = space;
  }
  // Never split a surrogate pair (emoji, rare scripts).
  if (start > 0 && isLowSurrogate(text.charCodeAt(start))) start += 1;
  if (end < text.length && isLowSurrogate(text.charCodeAt(end))) end -= 1;
  return { start, end };
}

/** The window (windowAround) as text, an ellipsis marking each cut end (so up to two characters longer). */
export function cutAround(
  text: string,
  region: { start: number; end: number },
  length: number,
  lead: number,
): string {
  const { start, end } = windowAround(text, region, length, lead);
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}
