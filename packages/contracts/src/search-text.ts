// One normalisation for search, used by the server (index and query) and the web app
// (highlighting): Arabic diacritics (harakat) and tatweel removed; أ إ آ ٱ → ا; ى → ي; ة → ه;
// Latin accents removed; lower case. It works character by character, so the web app can map a
// match in normalised text back to the original characters.

const ARABIC_MARKS = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED]/u;
const TATWEEL = '\u0640';
const LETTER_MAP: Record<string, string> = {
  أ: 'ا',
  إ: 'ا',
  آ: 'ا',
  ٱ: 'ا',
  ى: 'ي',
  ة: 'ه',
};

/** The normalised form of one character ('' when it carries no meaning for search). */
export function normalizeSearchChar(char: string): string {
  if (char === TATWEEL || ARABIC_MARKS.test(char)) return '';
  const mapped = LETTER_MAP[char];
  if (mapped) return mapped;
  // Latin and other scripts: drop combining accents (é → e), lower case.
  return char.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Normalises a whole text for indexing or querying. */
export function normalizeSearchText(text: string): string {
  let out = '';
  for (const char of text) out += normalizeSearchChar(char);
  return out;
}

/** The query's words, normalised, without empties or duplicates (at most 8). */
export function searchTerms(query: string): string[] {
  const words = normalizeSearchText(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
  return [...new Set(words)].slice(0, 8);
}
