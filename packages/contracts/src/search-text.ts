// One normalisation for search, used by the server (index and query) and the web app
// (highlighting): Arabic diacritics (harakat) and tatweel removed; أ إ آ ٱ → ا; ى → ي; ة → ه;
// Latin accents removed; lower case. It works character by character, so the web app can map a
// match in normalised text back to the original characters. On top of it, for the index and the
// query only, each Arabic word loses its definite article (ال, also after و ف ب ك, and لل), so
// `تأملات` finds `التأملات` and `بالحكمة` finds `الحكمة`.

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

/**
 * The definite article at the start of a normalised Arabic word, with the conjunction (و ف) and
 * preposition (ب ك) that may be attached before it; لل is ل + ال (للكتاب).
 */
const ARABIC_ARTICLE = /^(?:[وف]?[بك]?ال|[وف]?لل)/;
/** What is left of a word must be at least this long for its article to go (بال, والي stay). */
const MIN_STEM = 2;

/** How many leading characters of a normalised word are its definite article (0 when none). */
export function arabicArticleLength(word: string): number {
  const match = ARABIC_ARTICLE.exec(word);
  if (!match) return 0;
  return word.length - match[0].length >= MIN_STEM ? match[0].length : 0;
}

/** A normalised word without its definite article: التاملات → تاملات, بالحكمه → حكمه. */
export function stripArabicArticle(word: string): string {
  return word.slice(arabicArticleLength(word));
}

const ARABIC_WORD = /[\u0621-\u064A]+/g;

/** What the search index holds for a text: normalised, every Arabic word without its article. */
export function searchIndexText(text: string): string {
  return normalizeSearchText(text).replace(ARABIC_WORD, stripArabicArticle);
}

/** The query's words, normalised and without articles, no empties or duplicates (at most 8). */
export function searchTerms(query: string): string[] {
  const words = normalizeSearchText(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .map(stripArabicArticle);
  return [...new Set(words)].slice(0, 8);
}
