// The add/edit summary form as data: its state, page list operations, the request body it becomes,
// and the client-side checks that mirror summaryInputSchema (the server checks everything again).
import { LIMITS } from '@sahifa/contracts/library';
import type { EditableSummary, SummaryInput } from '@sahifa/contracts/publishing';

export const PAGE_FIELDS = [
  'header',
  'subHeader',
  'content1',
  'subHeader2',
  'content2',
  'subHeader3',
  'content3',
  'subHeader4',
  'content4',
] as const;
export type PageField = (typeof PAGE_FIELDS)[number];

export type PageDraft = { key: string } & Record<PageField, string>;

export type PageLang = 'en' | 'ar';
export const PAGE_LISTS = { en: 'enPages', ar: 'arPages' } as const;

export interface SummaryForm {
  title: string;
  author: string;
  /** Optional: the title and author in Arabic ('' = none). */
  titleAr: string;
  authorAr: string;
  categoryId: string;
  tags: string[];
  aboutBook: string;
  bookReference: string;
  enPages: PageDraft[];
  arPages: PageDraft[];
}

export const TEXT_FIELDS = [
  'title',
  'author',
  'titleAr',
  'authorAr',
  'categoryId',
  'aboutBook',
  'bookReference',
] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

/** The most characters each field takes (LIMITS from the contracts). */
export const FIELD_LIMITS: Record<Exclude<TextField, 'categoryId'> | PageField, number> = {
  title: LIMITS.title,
  author: LIMITS.author,
  titleAr: LIMITS.title,
  authorAr: LIMITS.author,
  aboutBook: LIMITS.aboutBook,
  bookReference: LIMITS.bookReference,
  header: LIMITS.pageHeader,
  subHeader: LIMITS.pageHeader,
  subHeader2: LIMITS.pageHeader,
  subHeader3: LIMITS.pageHeader,
  subHeader4: LIMITS.pageHeader,
  content1: LIMITS.pageField,
  content2: LIMITS.pageField,
  content3: LIMITS.pageField,
  content4: LIMITS.pageField,
};

let keyCounter = 0;
/** A key for React lists; stable while the page exists, never sent to the server. */
export function newPageKey(): string {
  keyCounter += 1;
  return `p${Date.now().toString(36)}${keyCounter.toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

export function emptyPage(): PageDraft {
  return {
    key: newPageKey(),
    header: '',
    subHeader: '',
    content1: '',
    subHeader2: '',
    content2: '',
    subHeader3: '',
    content3: '',
    subHeader4: '',
    content4: '',
  };
}

/** A new summary: one empty page in each language to start from. */
export function emptyForm(): SummaryForm {
  return {
    title: '',
    author: '',
    titleAr: '',
    authorAr: '',
    categoryId: '',
    tags: [],
    aboutBook: '',
    bookReference: '',
    enPages: [emptyPage()],
    arPages: [emptyPage()],
  };
}

/** A page with nothing written on it (whitespace counts as nothing); it is left out when sending. */
export function isBlankPage(page: PageDraft): boolean {
  return PAGE_FIELDS.every((field) => page[field].trim() === '');
}

/** Nothing typed anywhere: no draft worth keeping. */
export function isBlankForm(form: SummaryForm): boolean {
  return (
    TEXT_FIELDS.every((field) => form[field].trim() === '') &&
    form.tags.length === 0 &&
    form.enPages.every(isBlankPage) &&
    form.arPages.every(isBlankPage)
  );
}

// ---------- page list operations (pure: each returns a new list) ----------

export function addPage(pages: readonly PageDraft[]): PageDraft[] {
  return [...pages, emptyPage()];
}

export function removePage(pages: readonly PageDraft[], index: number): PageDraft[] {
  return pages.filter((_, i) => i !== index);
}

/** Moves the page at `from` to position `to` (clamped); the others keep their relative order. */
export function movePage(pages: readonly PageDraft[], from: number, to: number): PageDraft[] {
  const target = Math.max(0, Math.min(pages.length - 1, to));
  if (from < 0 || from >= pages.length || from === target) return [...pages];
  const next = [...pages];
  const [page] = next.splice(from, 1);
  if (page) next.splice(target, 0, page);
  return next;
}

export function updatePage(
  pages: readonly PageDraft[],
  index: number,
  field: PageField,
  value: string,
): PageDraft[] {
  return pages.map((page, i) => (i === index ? { ...page, [field]: value } : page));
}

// ---------- tags ----------

export type TagProblem = 'tooMany' | 'tooLong' | 'duplicate';

/** Adds a tag typed by the member (trimmed, inner spaces collapsed); refuses duplicates and excess. */
export function addTag(tags: readonly string[], raw: string): { tags: string[]; problem?: TagProblem } {
  const tag = raw.replace(/\s+/gu, ' ').trim();
  if (!tag) return { tags: [...tags] };
  if (tags.some((t) => t.toLocaleLowerCase() === tag.toLocaleLowerCase()))
    return { tags: [...tags], problem: 'duplicate' };
  if (tags.length >= LIMITS.tagsPerBook) return { tags: [...tags], problem: 'tooMany' };
  if (tag.length > LIMITS.tag) return { tags: [...tags], problem: 'tooLong' };
  return { tags: [...tags, tag] };
}

// ---------- to and from the API ----------

function toPageInputs(pages: readonly PageDraft[]): NonNullable<SummaryInput['enPages']> {
  return pages
    .filter((page) => !isBlankPage(page))
    .map((page, index) => ({
      // The position decides the order: 1, 2, 3… with no gaps or duplicates.
      order: index + 1,
      header: page.header.trim(),
      subHeader: page.subHeader.trim(),
      content1: page.content1.trim(),
      subHeader2: page.subHeader2.trim(),
      content2: page.content2.trim(),
      subHeader3: page.subHeader3.trim(),
      content3: page.content3.trim(),
      subHeader4: page.subHeader4.trim(),
      content4: page.content4.trim(),
    }));
}

/** The `data` field of POST/PUT /api/v1/books: trimmed text, blank pages left out, orders 1…n. */
export function toSummaryInput(form: SummaryForm, options: { removeCover?: boolean } = {}): SummaryInput {
  return {
    title: form.title.trim(),
    author: form.author.trim(),
    titleAr: form.titleAr.trim(),
    authorAr: form.authorAr.trim(),
    categoryId: form.categoryId,
    tags: form.tags.map((t) => t.trim()).filter(Boolean),
    aboutBook: form.aboutBook.trim(),
    bookReference: form.bookReference.trim(),
    enPages: toPageInputs(form.enPages),
    arPages: toPageInputs(form.arPages),
    removeCover: options.removeCover ?? false,
  };
}

/** The author's summary as the form edits it (pages sorted by their order). */
export function formFromEditable(summary: EditableSummary): SummaryForm {
  const pages = (list: EditableSummary['enPages']) =>
    [...list]
      .sort((a, b) => a.order - b.order)
      .map((page) => ({
        key: newPageKey(),
        header: page.header,
        subHeader: page.subHeader ?? '',
        content1: page.content1,
        subHeader2: page.subHeader2 ?? '',
        content2: page.content2 ?? '',
        subHeader3: page.subHeader3 ?? '',
        content3: page.content3 ?? '',
        subHeader4: page.subHeader4 ?? '',
        content4: page.content4 ?? '',
      }));
  return {
    title: summary.title,
    author: summary.author,
    titleAr: summary.titleAr,
    authorAr: summary.authorAr,
    categoryId: summary.categoryId,
    tags: [...summary.tags],
    aboutBook: summary.aboutBook,
    bookReference: summary.bookReference,
    enPages: pages(summary.enPages),
    arPages: pages(summary.arPages),
  };
}

// ---------- client-side validation ----------

/** One problem: where it is (a field path, also used for the field's id) and what to say. */
export interface FormError {
  /** 'title', 'tags', 'pages', 'enPages.0.header', … */
  path: string;
  /** Translation key under publishing.errors. */
  code: 'required' | 'tooLong' | 'tooManyTags' | 'tagTooLong' | 'noPages' | 'tooManyPages';
  values?: Record<string, number | string>;
}

function checkText(errors: FormError[], path: string, value: string, limit: number, required: boolean): void {
  const trimmed = value.trim();
  if (required && trimmed === '') errors.push({ path, code: 'required' });
  else if (trimmed.length > limit) errors.push({ path, code: 'tooLong', values: { max: limit } });
}

/**
 * The problems the server would refuse, in the order the form shows its fields (so the first one is
 * the first to fix). Blank pages are not problems: they are left out.
 */
export function validateSummary(form: SummaryForm): FormError[] {
  const errors: FormError[] = [];
  checkText(errors, 'title', form.title, LIMITS.title, true);
  checkText(errors, 'author', form.author, LIMITS.author, true);
  checkText(errors, 'titleAr', form.titleAr, LIMITS.title, false);
  checkText(errors, 'authorAr', form.authorAr, LIMITS.author, false);
  if (!form.categoryId) errors.push({ path: 'categoryId', code: 'required' });
  if (form.tags.length > LIMITS.tagsPerBook)
    errors.push({ path: 'tags', code: 'tooManyTags', values: { max: LIMITS.tagsPerBook } });
  else if (form.tags.some((tag) => tag.trim().length > LIMITS.tag))
    errors.push({ path: 'tags', code: 'tagTooLong', values: { max: LIMITS.tag } });
  checkText(errors, 'aboutBook', form.aboutBook, LIMITS.aboutBook, false);
  checkText(errors, 'bookReference', form.bookReference, LIMITS.bookReference, false);

  const written = (pages: readonly PageDraft[]) => pages.filter((page) => !isBlankPage(page)).length;
  if (written(form.enPages) + written(form.arPages) === 0) errors.push({ path: 'pages', code: 'noPages' });
  for (const lang of ['en', 'ar'] as const) {
    const list = PAGE_LISTS[lang];
    const pages = form[list];
    if (written(pages) > LIMITS.pagesPerLanguage)
      errors.push({ path: list, code: 'tooManyPages', values: { max: LIMITS.pagesPerLanguage } });
    pages.forEach((page, index) => {
      if (isBlankPage(page)) return;
      for (const field of PAGE_FIELDS) {
        const required = field === 'header' || field === 'content1';
        checkText(errors, `${list}.${index}.${field}`, page[field], FIELD_LIMITS[field], required);
      }
    });
  }
  return errors;
}

/** Which language's pages a path belongs to (to open that tab before focusing the field). */
export function langOfPath(path: string): PageLang | null {
  if (path.startsWith('enPages')) return 'en';
  if (path.startsWith('arPages')) return 'ar';
  return null;
}

// ---------- cover ----------

/** The image types the server decodes (it checks the bytes, not this; this only saves a round trip). */
export const COVER_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'] as const;

export type CoverProblem = 'tooLarge' | 'notAnImage';

/** Why a chosen cover file cannot be sent, or null when it can. */
export function checkCoverFile(file: { size: number; type: string }): CoverProblem | null {
  // An empty type (the browser did not know) goes to the server, which reads the bytes.
  if (file.type && !(COVER_TYPES as readonly string[]).includes(file.type)) return 'notAnImage';
  if (file.size > LIMITS.uploadBytes) return 'tooLarge';
  return null;
}

/** Bytes as megabytes with one decimal ("5.2"), for messages. */
export function megabytes(bytes: number): string {
  return (Math.ceil((bytes / (1024 * 1024)) * 10) / 10).toFixed(1);
}
