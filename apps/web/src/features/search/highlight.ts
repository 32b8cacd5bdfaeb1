// Finds the search terms in a text the way the server matched them (normalised: no Arabic marks or
// tatweel, one alef, ى → ي, ة → ه, no Latin accents, lower case), and maps each match back to the
// original characters, so a query typed without diacritics highlights the diacritised original.
import { arabicArticleLength, normalizeSearchChar } from '@sahifa/contracts/search-text';

export interface HighlightSegment {
  text: string;
  match: boolean;
}

interface NormalisedText {
  /** The normalised text. */
  text: string;
  /** For each UTF-16 unit of `text`: the [start, end) of the original character it came from. */
  origin: Array<[number, number]>;
}

/** Normalises `text` character by character, remembering where each normalised unit came from. */
export function normaliseWithMap(text: string): NormalisedText {
  let out = '';
  const origin: Array<[number, number]> = [];
  let index = 0;
  for (const char of text) {
    const start = index;
    const end = index + char.length;
    const normalised = normalizeSearchChar(char);
    out += normalised;
    for (let i = 0; i < normalised.length; i += 1) origin.push([start, end]);
    index = end;
  }
  return { text: out, origin };
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/**
 * Where the match at `at` should start in the normalised text: at the word's start when only the
 * Arabic definite article comes before it (terms come without it, `حكمه`; the whole word
 * `الحِكْمَةُ` is marked), else at `at`.
 */
function withArticle(normalised: string, at: number, needle: string): number {
  let wordStart = at;
  while (wordStart > 0 && WORD_CHAR.test(normalised[wordStart - 1] ?? '')) wordStart -= 1;
  if (wordStart === at) return at;
  const prefix = normalised.slice(wordStart, at);
  return arabicArticleLength(prefix + needle) === prefix.length ? wordStart : at;
}

/** True for characters that normalise to nothing (Arabic marks, tatweel, lone combining accents). */
function isSilent(char: string): boolean {
  return char.length > 0 && normalizeSearchChar(char) === '';
}

/**
 * The [start, end) ranges of `text` (original indices) where any of `terms` occurs, sorted and
 * merged. A match takes the marks written after its last letter with it (الحِكْمَةُ, not الحِكْمَة).
 * Terms are expected normalised (as the API returns them, or as `searchTerms` makes them).
 */
export function matchRanges(text: string, terms: readonly string[]): Array<[number, number]> {
  const needles = [...new Set(terms.map((t) => t.trim()).filter((t) => t.length > 0))];
  if (!text || needles.length === 0) return [];
  const { text: normalised, origin } = normaliseWithMap(text);
  const ranges: Array<[number, number]> = [];
  for (const needle of needles) {
    let from = 0;
    for (;;) {
      const at = normalised.indexOf(needle, from);
      if (at === -1) break;
      const first = origin[withArticle(normalised, at, needle)];
      const last = origin[at + needle.length - 1];
      if (first && last) {
        let end = last[1];
        // Keep the diacritics (and tatweel) that follow the last matched letter.
        for (;;) {
          const next = String.fromCodePoint(text.codePointAt(end) ?? 0);
          if (end >= text.length || !isSilent(next)) break;
          end += next.length;
        }
        ranges.push([first[0], end]);
      }
      from = at + needle.length;
    }
  }
  ranges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: Array<[number, number]> = [];
  for (const range of ranges) {
    const previous = merged.at(-1);
    if (previous && range[0] <= previous[1]) previous[1] = Math.max(previous[1], range[1]);
    else merged.push([range[0], range[1]]);
  }
  return merged;
}

/** Splits `text` into plain and matching segments (rendered as text and <mark>, never as HTML). */
export function highlight(text: string, terms: readonly string[]): HighlightSegment[] {
  const ranges = matchRanges(text, terms);
  if (ranges.length === 0) return text ? [{ text, match: false }] : [];
  const segments: HighlightSegment[] = [];
  let cursor = 0;
  for (const [start, end] of ranges) {
    if (start > cursor) segments.push({ text: text.slice(cursor, start), match: false });
    segments.push({ text: text.slice(start, end), match: true });
    cursor = end;
  }
  if (cursor < text.length) segments.push({ text: text.slice(cursor), match: false });
  return segments;
}
