// Retrieval for MoejrAI: from a question to the library's passages that best answer it. The
// search index picks a few candidate books (any term matching); their pages are then scored here,
// on the normalised text (search-text.ts), the same way on both engines:
// - each distinct term a page holds counts by its rarity among the candidate pages (a word every
//   page has says little), a little more when it recurs;
// - a term in the book's title or author adds to every page of that book (and counts for little
//   within them: it says which book, the other terms say which page);
// - pages in the question's language are preferred: a book's other-language pages are used only
//   when it has none in that language;
// - at most two pages per book (unless the conversation is about one book), and pages far below
//   the best one are left out rather than padding the answer with noise.
// A passage is the page's text, cut around its densest stretch of terms.
import type { Lang } from '@sahifa/contracts/library';
import { normalizeSearchText, searchIndexText, stripArabicArticle } from '@sahifa/contracts/search-text';
import { ara, eng } from 'stopword';
import { densestRegion, termMatches, windowAround } from '#server/kernel/text-window.ts';
import type { PassagePageRow, PassagesRepository } from './passages.repository.ts';

export interface Passage {
  /** The passage's id in the prompt and the answer (`[P<ref>]`): 1-based, in rank order. */
  ref: number;
  bookId: string;
  categoryId: string;
  title: string;
  titleAr: string | null;
  author: string;
  authorAr: string | null;
  /** The page's 1-based number in its language, as the reader counts it (`?page=`). */
  page: number;
  lang: Lang;
  header: string;
  /** The page's fields (header and sub-headers too), whitespace collapsed, cut around its best stretch. */
  text: string;
  /** Where in `text` the stretch that best matches the question begins (a sentence start when near); 0 when none. */
  focus?: number;
}

// ---------- the question ----------

const ARABIC_LETTER = /[\p{Script=Arabic}]/u;
const LATIN_LETTER = /[\p{Script=Latin}]/u;
const LETTER = /\p{L}/u;

/** 'ar' when the question has more Arabic letters than Latin ones, else 'en'. */
export function questionLanguage(text: string): Lang {
  let arabic = 0;
  let latin = 0;
  for (const char of text) {
    if (!LETTER.test(char)) continue;
    if (ARABIC_LETTER.test(char)) arabic += 1;
    else if (LATIN_LETTER.test(char)) latin += 1;
  }
  return arabic > latin ? 'ar' : 'en';
}

/** Words of a request to an assistant that say nothing about its subject (beyond the package's lists). */
const EXTRA_STOP_WORDS = [
  ...['does', 'doing', 'done', 'tell', 'please', 'explain', 'describe', 'give', 'show', 'say', 'says'],
  ...['let', 'us', 'whats', 'im', 'ive', 'dont', 'according'],
  ...['لماذا', 'ماذا', 'اشرح', 'اذكر', 'أعطني', 'أخبرني', 'يقول', 'تقول', 'يجب', 'ينبغي', 'هي', 'هو'],
  // How members ask about books, not what they ask about: these words are in nearly every
  // summary, so they only widen the search ("Three ideas from…", "What should I read after…").
  ...['read', 'reading', 'book', 'books', 'summary', 'idea', 'ideas', 'three', 'things', 'when', 'go'],
  ...['اقرأ', 'أقرأ', 'كتاب', 'الكتاب', 'كتب', 'فكرة', 'أفكار', 'ثلاث', 'ملخص'],
];

/**
 * The package's English and Arabic stop words, normalised like the question — and without the
 * Arabic article too, since the question's words lose theirs (`الذي` → `ذي`).
 */
const STOP_WORDS = new Set(
  [...eng, ...ara, ...EXTRA_STOP_WORDS].flatMap((word) => {
    const normalised = normalizeSearchText(word).trim();
    return [normalised, stripArabicArticle(normalised)];
  }),
);

export const MAX_QUESTION_TERMS = 12;

/**
 * The question's words that can find passages: normalised and without the Arabic article (as
 * search-text.ts `searchTerms` makes them, without its cap of 8 that stop words would fill),
 * minus English and Arabic stop words and single letters, no duplicates, at most 12.
 */
export function questionTerms(text: string): string[] {
  const words = normalizeSearchText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .map(stripArabicArticle)
    .filter((word) => word.length > 1 && !STOP_WORDS.has(word));
  return [...new Set(words)].slice(0, MAX_QUESTION_TERMS);
}

// ---------- scoring pages ----------

/** Candidate books the index hands over. */
export const CANDIDATE_BOOKS = 8;
/** Passages one book may give to an answer across the library… */
const PAGES_PER_BOOK = 2;
/** …and a book the question names ("Three ideas from The Art of War"). */
const PAGES_PER_NAMED_BOOK = 4;
/** A term in the title or author is worth this many times its weight in a page… */
const NAME_WEIGHT = 1.5;
/** …and, in that book's own pages, this share of it. */
const NAME_TERM_IN_PAGE = 0.3;
/** Pages scoring under this share of the best page are noise, not answers (across the library). */
const RELATIVE_FLOOR = 0.4;

const PAGE_FIELDS = [
  ['header', true],
  ['sub_header', true],
  ['content1', false],
  ['sub_header2', true],
  ['content2', false],
  ['sub_header3', true],
  ['content3', false],
  ['sub_header4', true],
  ['content4', false],
] as const satisfies readonly (readonly [keyof PassagePageRow, boolean])[];

const ENDS_SENTENCE = /[.!?:;،؛؟…"'”»)\]]$/u;

/** The page as one line: headings end with a colon unless they end with punctuation of their own. */
function pageText(row: PassagePageRow): string {
  const parts: string[] = [];
  for (const [field, heading] of PAGE_FIELDS) {
    const value = row[field].replace(/\s+/g, ' ').trim();
    if (!value) continue;
    parts.push(heading && !ENDS_SENTENCE.test(value) ? `${value}:` : value);
  }
  return parts.join(' ');
}

const OTHER_WORD_CHAR = /[\p{L}\p{N}]/u;

/** Whether a code unit of normalised text belongs to a word (lower-case Latin, digits, Arabic letters and digits, other scripts' letters). */
function isWordUnit(code: number): boolean {
  if (code < 0x80) return (code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39);
  if (code >= 0x0600 && code <= 0x06ff)
    return (code >= 0x0620 && code <= 0x064a) || (code >= 0x0660 && code <= 0x06d3);
  return OTHER_WORD_CHAR.test(String.fromCharCode(code));
}

/**
 * How many words of the (normalised, article-less) text start with each term — terms are word
 * prefixes, as in the search index. Found with indexOf: no split of the whole text into words.
 */
function termFrequencies(normalisedText: string, terms: readonly string[]): number[] {
  return terms.map((term) => {
    let count = 0;
    for (
      let at = normalisedText.indexOf(term);
      at >= 0;
      at = normalisedText.indexOf(term, at + term.length)
    ) {
      if (at === 0 || !isWordUnit(normalisedText.charCodeAt(at - 1))) count += 1;
    }
    return count;
  });
}

/** Letters a word may carry past a term and still be that word (wars, ideas, الحرب → حربه), not another (car → caravan). */
const CLOSE_SUFFIX = 2;

/** Whether the text holds the term as a word of its own, give or take a short ending. */
function holdsWord(normalisedText: string, term: string): boolean {
  for (let at = normalisedText.indexOf(term); at >= 0; at = normalisedText.indexOf(term, at + 1)) {
    if (at > 0 && isWordUnit(normalisedText.charCodeAt(at - 1))) continue;
    let end = at + term.length;
    while (end < normalisedText.length && isWordUnit(normalisedText.charCodeAt(end))) end += 1;
    if (end - at - term.length <= CLOSE_SUFFIX) return true;
  }
  return false;
}

interface Candidate {
  row: PassagePageRow;
  page: number;
  bookRank: number;
  text: string;
  /** `text` as the index holds it (search-text.ts). */
  normalised: string;
  frequencies: number[];
  /** How well the page answers, across the library: every term at its full weight, plus the name bonus. */
  score: number;
  /** How well the page answers among its book's pages: the terms in the book's names count for little. */
  pageScore: number;
  /** The terms the passage is cut around: those the page holds that are not in its book's names, if any. */
  focusTerms: readonly string[];
  /** How many of the question's terms the page or its book's names hold. */
  covered: number;
  /** The question names this page's book (a term is in its title or author). */
  named: boolean;
}

/** Each book's pages in the preferred language, or in the other when it has none; numbered as the reader does. */
function candidatePages(rows: readonly PassagePageRow[], bookIds: readonly string[], lang: Lang) {
  const byBook = new Map<string, { en: PassagePageRow[]; ar: PassagePageRow[] }>();
  for (const row of rows) {
    let book = byBook.get(row.book_id);
    if (!book) {
      book = { en: [], ar: [] };
      byBook.set(row.book_id, book);
    }
    book[row.lang].push(row);
  }
  const other: Lang = lang === 'ar' ? 'en' : 'ar';
  const pages: { row: PassagePageRow; page: number; bookRank: number }[] = [];
  bookIds.forEach((id, bookRank) => {
    const book = byBook.get(id);
    if (!book) return;
    const chosen = book[lang].length > 0 ? book[lang] : book[other];
    [...chosen]
      .sort((a, b) => a.order - b.order)
      .forEach((row, index) => {
        pages.push({ row, page: index + 1, bookRank });
      });
  });
  return pages;
}

function scorePages(
  pages: ReturnType<typeof candidatePages>,
  terms: readonly string[],
  scoped: boolean,
): Candidate[] {
  const candidates: Candidate[] = pages.map(({ row, page, bookRank }) => {
    const text = pageText(row);
    const normalised = searchIndexText(text);
    return {
      row,
      page,
      bookRank,
      text,
      normalised,
      frequencies: termFrequencies(normalised, terms),
      score: 0,
      pageScore: 0,
      focusTerms: terms,
      covered: 0,
      named: false,
    };
  });
  // Rarity of each term among the candidate pages (smoothed: a term no page holds still counts in names).
  const total = candidates.length;
  const weights = terms.map((_, i) => {
    const pagesWithTerm = candidates.filter((c) => (c.frequencies[i] ?? 0) > 0).length;
    return Math.log(1 + total / (pagesWithTerm + 1));
  });
  // Per book: which terms its title or author holds. They say which book (a bonus on each of
  // its pages) more than which page: among its pages, the other terms decide.
  const named = new Map<string, { bonus: number; inNames: boolean[] }>();
  for (const candidate of candidates) {
    let book = named.get(candidate.row.book_id);
    if (!book) {
      const { title, title_ar, author, author_ar } = candidate.row;
      const names = searchIndexText([title, title_ar, author, author_ar].filter(Boolean).join(' '));
      const inNames = termFrequencies(names, terms).map((n) => n > 0);
      const bonus = terms.reduce((sum, _, i) => sum + (inNames[i] ? NAME_WEIGHT * (weights[i] ?? 0) : 0), 0);
      book = { bonus: scoped ? 0 : bonus, inNames };
      named.set(candidate.row.book_id, book);
    }
    const { bonus, inNames } = book;
    let content = 0;
    let ownContent = 0;
    candidate.frequencies.forEach((frequency, i) => {
      if (frequency === 0) return;
      const value = (weights[i] ?? 0) * (1 + 0.25 * Math.log(frequency));
      content += value;
      ownContent += inNames[i] ? value * NAME_TERM_IN_PAGE : value;
    });
    candidate.score = content + bonus;
    candidate.named = inNames.some(Boolean);
    candidate.covered = terms.filter(
      (term, i) =>
        inNames[i] || ((candidate.frequencies[i] ?? 0) > 0 && holdsWord(candidate.normalised, term)),
    ).length;
    candidate.pageScore = ownContent;
    const own = terms.filter((_, i) => !inNames[i] && (candidate.frequencies[i] ?? 0) > 0);
    if (own.length > 0) candidate.focusTerms = own;
  }
  return candidates;
}

/**
 * The best pages: by score (then the index's book order, then page), capped per book, noise left
 * out. The places a book earns by score go to its pages in their order among its own pages.
 */
/**
 * How many of the question's terms a page must hold (in its text or its book's names) to ground
 * an answer: one of one or two, two of three or more. "How do I fix my car engine?" must not be
 * answered from a page that only mentions an engine.
 */
export function termsRequired(termCount: number): number {
  return termCount >= 3 ? 2 : 1;
}

function bestPages(
  candidates: Candidate[],
  maxPassages: number,
  scoped: boolean,
  termCount: number,
): Candidate[] {
  const required = scoped ? 1 : termsRequired(termCount);
  const ranked = candidates
    .filter((c) => c.score > 0 && c.covered >= required)
    // A page holding more of the question's words beats one holding a rare word alone.
    .sort((a, b) => b.covered - a.covered || b.score - a.score || a.bookRank - b.bookRank || a.page - b.page);
  const ownOrder = new Map<string, Candidate[]>();
  for (const candidate of ranked) {
    const pages = ownOrder.get(candidate.row.book_id) ?? [];
    pages.push(candidate);
    ownOrder.set(candidate.row.book_id, pages);
  }
  for (const pages of ownOrder.values()) pages.sort((a, b) => b.pageScore - a.pageScore || a.page - b.page);
  // About one book, every page that holds a term is about the right book: no floor.
  const floor = scoped ? 0 : Math.max(0, ...ranked.map((c) => c.score)) * RELATIVE_FLOOR;
  const perBook = new Map<string, number>();
  const chosen: Candidate[] = [];
  for (const place of ranked) {
    if (chosen.length >= maxPassages) break;
    if (place.score < floor) continue;
    const taken = perBook.get(place.row.book_id) ?? 0;
    if (!scoped && taken >= (place.named ? PAGES_PER_NAMED_BOOK : PAGES_PER_BOOK)) continue;
    perBook.set(place.row.book_id, taken + 1);
    chosen.push(ownOrder.get(place.row.book_id)?.[taken] ?? place);
  }
  return chosen;
}

// ---------- cutting a passage ----------

const SENTENCE_END = /[.!?؟\n]/u;
/** How far back from its best stretch a passage's focus may move to start at a sentence. */
const FOCUS_BACK = 200;

function sentenceStart(text: string, at: number): number {
  for (let i = at - 1; i >= Math.max(0, at - FOCUS_BACK); i -= 1) {
    if (SENTENCE_END.test(text[i] ?? '')) {
      let start = i + 1;
      while (text[start] === ' ') start += 1;
      return Math.min(start, at);
    }
  }
  if (at <= FOCUS_BACK) return 0;
  const space = text.lastIndexOf(' ', at);
  return space >= 0 ? space + 1 : at;
}

function cutPassage(
  text: string,
  terms: readonly string[],
  maxChars: number,
): { text: string; focus: number } {
  const region = densestRegion(termMatches(text, terms), Math.floor(maxChars * 0.75)) ?? { start: 0, end: 0 };
  // Two characters kept for the ellipses, a fifth of the room before the stretch.
  const window = windowAround(text, region, maxChars - 2, Math.floor(maxChars / 5));
  const slice = text.slice(window.start, window.end);
  const head = window.start > 0 ? '…' : '';
  const body = slice.trim();
  const cut = `${head}${body}${window.end < text.length ? '…' : ''}`;
  const at = head.length + region.start - window.start - (slice.length - slice.trimStart().length);
  return { text: cut, focus: at > head.length ? sentenceStart(cut, at) : 0 };
}

function toPassage(candidate: Candidate, ref: number, maxChars: number): Passage {
  const { row } = candidate;
  const { text, focus } = cutPassage(candidate.text, candidate.focusTerms, maxChars);
  return {
    ref,
    bookId: row.book_id,
    categoryId: row.category_id,
    title: row.title,
    titleAr: row.title_ar,
    author: row.author,
    authorAr: row.author_ar,
    page: candidate.page,
    lang: row.lang,
    header: row.header,
    text,
    focus,
  };
}

export interface RetrievalInput {
  question: string;
  /** Keep to this book (a conversation about one book). */
  bookId?: string | null;
  /** The question's language: its pages are preferred. */
  lang: Lang;
  /** Default 6. */
  maxPassages?: number;
  /** Default 1,200. */
  maxPassageChars?: number;
}

export const DEFAULT_MAX_PASSAGES = 6;
export const DEFAULT_MAX_PASSAGE_CHARS = 1_200;

/**
 * The library's passages that best answer the question, best first. A question without useful
 * words finds nothing — unless it is about one book: then that book's first pages.
 */
export async function retrievePassages(repo: PassagesRepository, input: RetrievalInput): Promise<Passage[]> {
  const maxPassages = input.maxPassages ?? DEFAULT_MAX_PASSAGES;
  const maxChars = Math.max(100, input.maxPassageChars ?? DEFAULT_MAX_PASSAGE_CHARS);
  const scoped = Boolean(input.bookId);
  const terms = questionTerms(input.question);
  if ((!scoped && terms.length === 0) || maxPassages < 1) return [];

  const bookIds = await repo.candidateBookIds(terms, {
    limit: CANDIDATE_BOOKS,
    bookId: input.bookId ?? null,
  });
  if (bookIds.length === 0) return [];
  const pages = candidatePages(await repo.pagesOf(bookIds), bookIds, input.lang);
  const candidates = scorePages(pages, terms, scoped);
  let chosen = bestPages(candidates, maxPassages, scoped, terms.length);
  // About one book, and nothing in it matches: its first pages are still the best context.
  if (chosen.length === 0 && scoped) chosen = candidates.slice(0, maxPassages);
  const onlyBook = new Set(chosen.map((c) => c.row.book_id)).size === 1 ? chosen[0]?.row.book_id : undefined;
  if (!scoped && onlyBook && asksWhatNext(input.question)) {
    // "What should I read after Meditations?": the openings of the books nearest to it come first.
    const related = await repo.relatedBookIds(onlyBook, RELATED_BOOKS);
    const firstPages = candidatePages(await repo.pagesOf(related), related, input.lang).filter(
      (p) => p.page === 1,
    );
    // Quoted from their start: no term of the question is in them.
    const openings = scorePages(firstPages, [], true);
    chosen = [...openings, ...chosen].slice(0, maxPassages);
  }
  return chosen.map((candidate, i) => toPassage(candidate, i + 1, maxChars));
}

/** Books whose openings answer "what next?" beside the book the question names. */
const RELATED_BOOKS = 2;
const WHAT_NEXT =
  /(?<!\p{L})(after|next|similar|like|recommend\p{L}*|instead|بعد|التالي|مشابه\p{L}*|يشبه|مثل|أنصح|انصح|ترشح|رشح)(?!\p{L})/iu;

/** Whether the question asks what to read next, or what is like a book. */
export function asksWhatNext(question: string): boolean {
  return WHAT_NEXT.test(question);
}
