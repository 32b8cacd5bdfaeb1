import { LIMITS } from '@sahifa/contracts/library';
import { summaryInputSchema } from '@sahifa/contracts/publishing';
import { describe, expect, it } from 'vitest';
import {
  addPage,
  addTag,
  checkCoverFile,
  emptyForm,
  emptyPage,
  formFromEditable,
  isBlankForm,
  megabytes,
  movePage,
  type PageDraft,
  removePage,
  type SummaryForm,
  toSummaryInput,
  validateSummary,
} from './form.ts';

const page = (header: string, content1 = `${header} text`): PageDraft => ({
  ...emptyPage(),
  header,
  content1,
});

function validForm(): SummaryForm {
  return {
    ...emptyForm(),
    title: '  Meditations ',
    author: 'Marcus Aurelius',
    categoryId: 'philosophy',
    tags: ['stoicism'],
    enPages: [page('One'), page('Two')],
    arPages: [page('الأولى'), page('الثانية')],
  };
}

const headers = (pages: PageDraft[]) => pages.map((p) => p.header);

describe('page list operations', () => {
  it('moves a page up and down, keeping the others in order', () => {
    const pages = [page('A'), page('B'), page('C')];
    expect(headers(movePage(pages, 2, 1))).toEqual(['A', 'C', 'B']);
    expect(headers(movePage(pages, 0, 1))).toEqual(['B', 'A', 'C']);
    expect(headers(movePage(pages, 0, 2))).toEqual(['B', 'C', 'A']);
    // Out of range: nothing moves past the ends, and the list is never the same array.
    expect(headers(movePage(pages, 0, -1))).toEqual(['A', 'B', 'C']);
    expect(headers(movePage(pages, 2, 5))).toEqual(['A', 'B', 'C']);
    expect(movePage(pages, 1, 1)).not.toBe(pages);
    // The pages keep their identity (React keys) when they move.
    expect(movePage(pages, 2, 0)[0]?.key).toBe(pages[2]?.key);
  });

  it('adds an empty page at the end and removes one by position', () => {
    const pages = addPage([page('A')]);
    expect(pages).toHaveLength(2);
    expect(pages[1]?.header).toBe('');
    expect(headers(removePage([page('A'), page('B'), page('C')], 1))).toEqual(['A', 'C']);
  });
});

describe('toSummaryInput', () => {
  it('assigns order from the position, 1…n, after a reorder', () => {
    const form = validForm();
    form.enPages = movePage([page('A'), page('B'), page('C')], 2, 0);
    const input = toSummaryInput(form);
    expect(input.enPages?.map((p) => [p.order, p.header])).toEqual([
      [1, 'C'],
      [2, 'A'],
      [3, 'B'],
    ]);
    expect(summaryInputSchema.safeParse(input).success).toBe(true);
  });

  it('trims every text and leaves blank pages out without leaving a gap in the order', () => {
    const form = validForm();
    form.enPages = [page('  A  ', ' a\n '), emptyPage(), { ...emptyPage(), content4: '   ' }, page('B')];
    const input = toSummaryInput(form, { removeCover: true });
    expect(input.title).toBe('Meditations');
    expect(input.enPages).toEqual([
      expect.objectContaining({ order: 1, header: 'A', content1: 'a' }),
      expect.objectContaining({ order: 2, header: 'B' }),
    ]);
    expect(input.removeCover).toBe(true);
  });
});

describe('the Arabic title and author', () => {
  it('are optional, sent trimmed, and checked against the title and author limits', () => {
    const form = validForm();
    expect(toSummaryInput(form)).toMatchObject({ titleAr: '', authorAr: '' });
    const arabic = { ...form, titleAr: '  التأملات ', authorAr: ' ماركوس أوريليوس ' };
    expect(validateSummary(arabic)).toEqual([]);
    expect(toSummaryInput(arabic)).toMatchObject({ titleAr: 'التأملات', authorAr: 'ماركوس أوريليوس' });
    expect(summaryInputSchema.safeParse(toSummaryInput(arabic)).success).toBe(true);
    const long = { ...form, titleAr: 'ت'.repeat(LIMITS.title + 1) };
    expect(validateSummary(long)).toEqual([
      { path: 'titleAr', code: 'tooLong', values: { max: LIMITS.title } },
    ]);
    expect(isBlankForm({ ...emptyForm(), authorAr: 'ا' })).toBe(false);
  });
});

describe('validateSummary', () => {
  it('accepts a complete summary, which the API schema accepts too', () => {
    const form = validForm();
    expect(validateSummary(form)).toEqual([]);
    expect(summaryInputSchema.safeParse(toSummaryInput(form)).success).toBe(true);
  });

  it('requires title, author and category, in the order the form shows them', () => {
    const form = { ...validForm(), title: '   ', author: '', categoryId: '' };
    expect(validateSummary(form).map((e) => [e.path, e.code])).toEqual([
      ['title', 'required'],
      ['author', 'required'],
      ['categoryId', 'required'],
    ]);
    expect(summaryInputSchema.safeParse(toSummaryInput(form)).success).toBe(false);
  });

  it('requires at least one written page, in either language', () => {
    const form = { ...validForm(), enPages: [emptyPage()], arPages: [] };
    expect(validateSummary(form)).toEqual([{ path: 'pages', code: 'noPages' }]);
    expect(summaryInputSchema.safeParse(toSummaryInput(form)).success).toBe(false);
    // Arabic pages alone are enough.
    expect(validateSummary({ ...form, arPages: [page('وحدها')] })).toEqual([]);
  });

  it('asks each written page for its header and first content, by page and language', () => {
    const form = validForm();
    form.enPages = [page('One'), { ...emptyPage(), subHeader: 'Only a sub-header' }];
    form.arPages = [{ ...emptyPage(), header: 'عنوان' }];
    expect(validateSummary(form).map((e) => e.path)).toEqual([
      'enPages.1.header',
      'enPages.1.content1',
      'arPages.0.content1',
    ]);
    expect(summaryInputSchema.safeParse(toSummaryInput(form)).success).toBe(false);
  });

  it('refuses text over the limits, with the limit to show', () => {
    const form = validForm();
    form.title = 'x'.repeat(LIMITS.title + 1);
    form.aboutBook = 'x'.repeat(LIMITS.aboutBook + 1);
    form.enPages = [page('One', 'x'.repeat(LIMITS.pageField + 1))];
    expect(validateSummary(form)).toEqual([
      { path: 'title', code: 'tooLong', values: { max: LIMITS.title } },
      { path: 'aboutBook', code: 'tooLong', values: { max: LIMITS.aboutBook } },
      { path: 'enPages.0.content1', code: 'tooLong', values: { max: LIMITS.pageField } },
    ]);
    expect(summaryInputSchema.safeParse(toSummaryInput(form)).success).toBe(false);
  });

  it('refuses more tags than allowed', () => {
    const form = { ...validForm(), tags: Array.from({ length: LIMITS.tagsPerBook + 1 }, (_, i) => `t${i}`) };
    expect(validateSummary(form)).toEqual([
      { path: 'tags', code: 'tooManyTags', values: { max: LIMITS.tagsPerBook } },
    ]);
  });
});

describe('addTag', () => {
  it('trims, collapses spaces, and refuses duplicates, excess and long tags', () => {
    expect(addTag([], '  stoic   ethics ')).toEqual({ tags: ['stoic ethics'] });
    expect(addTag(['Stoic'], 'stoic')).toEqual({ tags: ['Stoic'], problem: 'duplicate' });
    expect(addTag([], '   ')).toEqual({ tags: [] });
    const full = Array.from({ length: LIMITS.tagsPerBook }, (_, i) => `t${i}`);
    expect(addTag(full, 'more').problem).toBe('tooMany');
    expect(addTag([], 'x'.repeat(LIMITS.tag + 1)).problem).toBe('tooLong');
  });
});

describe('forms', () => {
  it('knows an untouched form is blank, and a form with one letter is not', () => {
    expect(isBlankForm(emptyForm())).toBe(true);
    expect(isBlankForm({ ...emptyForm(), tags: ['a'] })).toBe(false);
    const form = emptyForm();
    form.arPages = [{ ...emptyPage(), content3: 'ن' }];
    expect(isBlankForm(form)).toBe(false);
  });

  it('opens the author’s summary with its pages in their order', () => {
    const { key: _key, ...blank } = emptyPage();
    const form = formFromEditable({
      id: 'b1',
      title: 'T',
      author: 'A',
      titleAr: 'ت',
      authorAr: '',
      categoryId: 'philosophy',
      tags: ['x'],
      aboutBook: '',
      bookReference: '',
      bookImage: null,
      enPages: [
        { ...blank, order: 2, header: 'Second', content1: 'b' },
        { ...blank, order: 1, header: 'First', content1: 'a', subHeader: 'S' },
      ],
      arPages: [],
    });
    expect(form).toMatchObject({ titleAr: 'ت', authorAr: '' });
    expect(headers(form.enPages)).toEqual(['First', 'Second']);
    expect(form.enPages[0]?.subHeader).toBe('S');
    expect(form.enPages[1]?.content4).toBe('');
    expect(form.enPages[0]?.key).not.toBe(form.enPages[1]?.key);
  });
});

describe('checkCoverFile', () => {
  it('accepts the image types the server decodes, up to 5 MB', () => {
    expect(checkCoverFile({ type: 'image/png', size: 1000 })).toBeNull();
    expect(checkCoverFile({ type: 'image/avif', size: LIMITS.uploadBytes })).toBeNull();
    expect(checkCoverFile({ type: 'image/jpeg', size: LIMITS.uploadBytes + 1 })).toBe('tooLarge');
    expect(checkCoverFile({ type: 'image/svg+xml', size: 10 })).toBe('notAnImage');
    expect(checkCoverFile({ type: 'text/plain', size: 10 })).toBe('notAnImage');
    expect(checkCoverFile({ type: '', size: 10 })).toBeNull();
    expect(megabytes(20 * 1024 * 1024)).toBe('20.0');
    expect(megabytes(LIMITS.uploadBytes + 1)).toBe('5.1');
  });
});
