// One normalisation for search, used by the server (index and query) and the web app
// (highlighting): Arabic diacritics (harakat) and tatweel removed; أ إ آ ٱ → ا; ى → ي; ة → ه;
// Latin accents removed; lower case. It works character by character, so the web app can map a
// match in normalised text back to the original characters.

const LETTER_MAP: Record<string, string> = {
  أ: 'ا',
  إ: 'ا',
  آ: 'ا',
  ٱ: 'ا',
  ى: 'ي',
  ة: 'ه',
};

/** Harakat, Quranic annotation marks, superscript alef, and tatweel: nothing for search. */
function isArabicMarkOrTatweel(code: number): boolean {
  return (
    (code >= 0x0610 && code <= 0x061a) ||
    (code >= 0x064b && code <= 0x065f) ||
    code === 0x0640 ||
    code === 0x0670 ||
    (code >= 0x06d6 && code <= 0x06ed)
  );
}

/** Other scripts: drop combining accents (é → e), lower case. */
function foldOtherChar(char: string): string {
  return char.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The normalised form of one character ('' when it carries no meaning for search). */
export function normalizeSearchChar(char: string): string {
  const code = char.charCodeAt(0);
  if (code < 0x80) return code >= 0x41 && code <= 0x5a ? String.fromCharCode(code + 32) : char;
  if (code >= 0x0600 && code <= 0x06ff) return isArabicMarkOrTatweel(code) ? '' : (LETTER_MAP[char] ?? char);
  return foldOtherChar(char);
}

const ARABIC_MARKS_AND_TATWEEL = /[\u0610-\u061A\u0640\u064B-\u065F\u0670\u06D6-\u06ED]/g;
const FOLDED_ARABIC_LETTERS = /[أإآٱىة]/g;
const OTHER_SCRIPTS = /[^\p{ASCII}\u0600-\u06FF]+/gu;

/**
 * Normalises a whole text for indexing or querying: the same result as normalizeSearchChar on
 * every character (a test checks), done with whole-string replacements because whole books go
 * through it.
 */
export function normalizeSearchText(text: string): string {
  return text
    .replace(ARABIC_MARKS_AND_TATWEEL, '')
    .replace(FOLDED_ARABIC_LETTERS, (char) => LETTER_MAP[char] ?? char)
    .replace(/[A-Z]+/g, (run) => run.toLowerCase())
    .replace(OTHER_SCRIPTS, (run) => Array.from(run, foldOtherChar).join(''));
}

/** The query's words, normalised, without empties or duplicates (at most 8). */
export function searchTerms(query: string): string[] {
  const words = normalizeSearchText(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
  return [...new Set(words)].slice(0, 8);
}
