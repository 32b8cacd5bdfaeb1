// The passage shown under a search result: a window of the ORIGINAL text (diacritics and all)
// around the first place a query word starts, found through the normalised text so that
// `الحكمة` finds `الحِكْمَةُ` (kernel/text-window.ts).
import { normalizeSearchText } from '@sahifa/contracts/search-text';
import { cutAround, firstMatch } from '#server/kernel/text-window.ts';

export const SNIPPET_LENGTH = 160;
/** How much of the window comes before the match. */
const LEAD = 50;

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
    // Near the text's end the window would reach back further to stay full, and the match would
    // fall past the three lines a phone shows: the passage is shorter instead.
    return cutAround(text, match, Math.min(length, text.length - match.start + LEAD), LEAD);
  }
  return '';
}
