// Pure rules of the reader: which page to open, how keys and swipes move, which language to show.

export type ReadingLang = 'en' | 'ar';
export type Direction = 'ltr' | 'rtl';

export function directionOfLang(lang: ReadingLang): Direction {
  return lang === 'ar' ? 'rtl' : 'ltr';
}

/** A page number within 1…count (1 when the book has no pages in this language). */
export function clampPage(page: number, count: number): number {
  if (!Number.isFinite(page) || count < 1) return 1;
  return Math.min(Math.max(1, Math.trunc(page)), count);
}

/** `?page=N` → N when it is a positive whole number; anything else is ignored (null). */
export function parsePageParam(value: string | null): number | null {
  if (value === null || !/^\d{1,5}$/.test(value.trim())) return null;
  const page = Number(value.trim());
  return page >= 1 ? page : null;
}

/** `?lang=en|ar` when present and valid. */
export function parseLangParam(value: string | null): ReadingLang | null {
  return value === 'en' || value === 'ar' ? value : null;
}

/**
 * Where the reader opens: a page in the address (a deep link) first, else the saved progress,
 * else page 1 (spec: a missing record means page 1) — always within the book.
 */
export function initialPage(options: { param: number | null; saved: number | null; count: number }): number {
  return clampPage(options.param ?? options.saved ?? 1, options.count);
}

/**
 * The language to read in: one asked for in the address, else the one the member was reading the
 * book in (saved with the progress) when the book still has pages in it, else the interface
 * language when the book has pages in it, else the other language when it has pages, else the
 * interface language.
 */
export function chooseLanguage(
  interfaceLang: ReadingLang,
  counts: Record<ReadingLang, number>,
  requested: ReadingLang | null = null,
  saved: ReadingLang | null = null,
): ReadingLang {
  if (requested) return requested;
  if (saved && counts[saved] > 0) return saved;
  const other: ReadingLang = interfaceLang === 'ar' ? 'en' : 'ar';
  if (counts[interfaceLang] > 0) return interfaceLang;
  if (counts[other] > 0) return other;
  return interfaceLang;
}

/**
 * Opening a book saves progress, except a finished book that is not being read again (no progress
 * since it was finished): there re-reading starts only when the member turns a page.
 */
export function savesOnOpen(state: { progress: unknown; finishedAt: string | null }): boolean {
  return state.finishedAt === null || state.progress !== null;
}

/**
 * The pager's arrows point along the text being read (not the interface): in right-to-left text
 * the next page lies to the left. Chosen here rather than mirrored in CSS, because the CSS build
 * turns `:dir(rtl)` into a language test, which follows the interface language.
 */
export function pagerArrows(direction: Direction): { previous: string; next: string } {
  return direction === 'rtl' ? { previous: '→', next: '←' } : { previous: '←', next: '→' };
}

/**
 * The page step of a key: -1 (previous), +1 (next) or 0. In right-to-left text the book runs
 * leftwards, so ArrowLeft goes to the next page; PageDown and PageUp go forward and back in both.
 */
export function keyToStep(key: string, direction: Direction): -1 | 0 | 1 {
  if (key === 'PageDown') return 1;
  if (key === 'PageUp') return -1;
  if (key !== 'ArrowLeft' && key !== 'ArrowRight') return 0;
  const towardsEnd = direction === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
  return key === towardsEnd ? 1 : -1;
}

export const SWIPE_THRESHOLD_PX = 50;

/**
 * The page step of a horizontal swipe: a finger moving against the reading direction turns to the
 * next page (leftwards in English, rightwards in Arabic). Short or mostly vertical moves are ignored.
 */
export function swipeToStep(
  deltaX: number,
  deltaY: number,
  direction: Direction,
  threshold = SWIPE_THRESHOLD_PX,
): -1 | 0 | 1 {
  if (Math.abs(deltaX) < threshold || Math.abs(deltaX) <= Math.abs(deltaY)) return 0;
  const forward = direction === 'rtl' ? deltaX > 0 : deltaX < 0;
  return forward ? 1 : -1;
}

/** A key press that belongs to a form control or carries a modifier is not a page turn. */
export function isPageTurnTarget(event: {
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  target: {
    tagName?: string;
    isContentEditable?: boolean;
    getAttribute?: (name: string) => string | null;
  } | null;
}): boolean {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return false;
  const target = event.target;
  if (!target) return true;
  const tag = target.tagName?.toLowerCase();
  if (tag === 'input' || tag === 'textarea' || tag === 'select' || target.isContentEditable) return false;
  // Sliders and tabs use the arrow keys themselves (the reader has none; its language toggle is
  // two buttons, so the keys turn pages wherever focus is).
  const role = target.getAttribute?.('role');
  return role !== 'slider' && role !== 'tab';
}
