import { describe, expect, it } from 'vitest';
import {
  chooseLanguage,
  clampPage,
  initialPage,
  isPageTurnTarget,
  keyToStep,
  pagerArrows,
  parseLangParam,
  parsePageParam,
  savesOnOpen,
  swipeToStep,
} from './navigation.ts';

describe('page clamping', () => {
  it('keeps a page within the book', () => {
    expect(clampPage(0, 4)).toBe(1);
    expect(clampPage(-3, 4)).toBe(1);
    expect(clampPage(2, 4)).toBe(2);
    expect(clampPage(9, 4)).toBe(4);
    expect(clampPage(2.7, 4)).toBe(2);
    expect(clampPage(Number.NaN, 4)).toBe(1);
  });

  it('is page 1 for a language without pages', () => {
    expect(clampPage(3, 0)).toBe(1);
  });
});

describe('the page the reader opens at', () => {
  it('starts at page 1 without saved progress (spec)', () => {
    expect(initialPage({ param: null, saved: null, count: 4 })).toBe(1);
  });

  it('resumes at the saved page', () => {
    expect(initialPage({ param: null, saved: 3, count: 4 })).toBe(3);
  });

  it('follows a deep link over the saved page', () => {
    expect(initialPage({ param: 2, saved: 3, count: 4 })).toBe(2);
  });

  it('never opens past the last page', () => {
    expect(initialPage({ param: 12, saved: null, count: 4 })).toBe(4);
    expect(initialPage({ param: null, saved: 6, count: 4 })).toBe(4);
  });

  it('reads ?page= only when it is a positive whole number', () => {
    expect(parsePageParam('3')).toBe(3);
    expect(parsePageParam(null)).toBeNull();
    expect(parsePageParam('0')).toBeNull();
    expect(parsePageParam('-2')).toBeNull();
    expect(parsePageParam('2.5')).toBeNull();
    expect(parsePageParam('two')).toBeNull();
    expect(parsePageParam('')).toBeNull();
  });

  it('reads ?lang= only for en and ar', () => {
    expect(parseLangParam('ar')).toBe('ar');
    expect(parseLangParam('en')).toBe('en');
    expect(parseLangParam('fr')).toBeNull();
    expect(parseLangParam(null)).toBeNull();
  });
});

describe('the reading language', () => {
  it('is the interface language when the book has it', () => {
    expect(chooseLanguage('ar', { en: 4, ar: 4 })).toBe('ar');
    expect(chooseLanguage('en', { en: 4, ar: 4 })).toBe('en');
  });

  it('is the other language when the book lacks the interface language', () => {
    expect(chooseLanguage('ar', { en: 4, ar: 0 })).toBe('en');
    expect(chooseLanguage('en', { en: 0, ar: 2 })).toBe('ar');
  });

  it('follows the address when it names a language', () => {
    expect(chooseLanguage('en', { en: 4, ar: 4 }, 'ar')).toBe('ar');
  });

  it('is the language the member was reading the book in, over the interface language', () => {
    expect(chooseLanguage('en', { en: 4, ar: 4 }, null, 'ar')).toBe('ar');
    expect(chooseLanguage('ar', { en: 4, ar: 4 }, null, 'en')).toBe('en');
    // The address still wins; a saved language the book no longer has is ignored.
    expect(chooseLanguage('en', { en: 4, ar: 4 }, 'en', 'ar')).toBe('en');
    expect(chooseLanguage('en', { en: 4, ar: 0 }, null, 'ar')).toBe('en');
  });
});

describe('opening a book', () => {
  it('saves no progress for a finished book that is not being read again', () => {
    expect(savesOnOpen({ progress: null, finishedAt: '2024-01-01T00:00:00.000Z' })).toBe(false);
  });

  it('saves progress for a book being read, or read again', () => {
    expect(savesOnOpen({ progress: null, finishedAt: null })).toBe(true);
    expect(savesOnOpen({ progress: { pageNumber: 2 }, finishedAt: null })).toBe(true);
    expect(savesOnOpen({ progress: { pageNumber: 2 }, finishedAt: '2024-01-01T00:00:00.000Z' })).toBe(true);
  });
});

describe('the pager', () => {
  it('points its arrows along the text being read, whatever the interface language', () => {
    expect(pagerArrows('ltr')).toEqual({ previous: '←', next: '→' });
    expect(pagerArrows('rtl')).toEqual({ previous: '→', next: '←' });
  });
});

describe('arrow keys', () => {
  it('turn pages rightwards in English', () => {
    expect(keyToStep('ArrowRight', 'ltr')).toBe(1);
    expect(keyToStep('ArrowLeft', 'ltr')).toBe(-1);
  });

  it('are mirrored in Arabic: ArrowLeft goes to the next page', () => {
    expect(keyToStep('ArrowLeft', 'rtl')).toBe(1);
    expect(keyToStep('ArrowRight', 'rtl')).toBe(-1);
  });

  it('and PageUp / PageDown turn pages in either direction of text', () => {
    for (const direction of ['ltr', 'rtl'] as const) {
      expect(keyToStep('PageDown', direction)).toBe(1);
      expect(keyToStep('PageUp', direction)).toBe(-1);
    }
  });

  it('ignore other keys', () => {
    expect(keyToStep('ArrowUp', 'ltr')).toBe(0);
    expect(keyToStep('Enter', 'rtl')).toBe(0);
  });

  it('leave form controls, radio groups and modified keys alone', () => {
    const plain = { altKey: false, ctrlKey: false, metaKey: false, shiftKey: false };
    const element = (tagName: string, role: string | null = null) => ({
      tagName,
      isContentEditable: false,
      getAttribute: () => role,
    });
    expect(isPageTurnTarget({ ...plain, target: element('BODY') })).toBe(true);
    expect(isPageTurnTarget({ ...plain, target: element('BUTTON') })).toBe(true);
    expect(isPageTurnTarget({ ...plain, target: element('TEXTAREA') })).toBe(false);
    expect(isPageTurnTarget({ ...plain, target: { ...element('DIV'), isContentEditable: true } })).toBe(
      false,
    );
    expect(isPageTurnTarget({ ...plain, target: element('INPUT', 'radio') })).toBe(false);
    expect(isPageTurnTarget({ ...plain, target: element('DIV', 'tab') })).toBe(false);
    expect(isPageTurnTarget({ ...plain, altKey: true, target: element('BODY') })).toBe(false);
  });
});

describe('swipes', () => {
  it('turn to the next page when the finger moves left in English', () => {
    expect(swipeToStep(-80, 5, 'ltr')).toBe(1);
    expect(swipeToStep(80, 5, 'ltr')).toBe(-1);
  });

  it('are mirrored in Arabic', () => {
    expect(swipeToStep(80, 5, 'rtl')).toBe(1);
    expect(swipeToStep(-80, 5, 'rtl')).toBe(-1);
  });

  it('ignore short and mostly vertical moves', () => {
    expect(swipeToStep(-49, 0, 'ltr')).toBe(0);
    expect(swipeToStep(-50, 0, 'ltr')).toBe(1);
    expect(swipeToStep(-60, 90, 'ltr')).toBe(0);
  });
});
