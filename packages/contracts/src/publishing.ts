// Member summaries (spec: darkerSummaries): create, edit, delete. Sent as multipart/form-data:
// a `data` field holding the JSON below, and an optional `cover` file (JPEG, PNG, WebP, AVIF or
// GIF, at most 5 MB; re-encoded to WebP by the server). Text is trimmed by the server (spec).
import { z } from 'zod';
import { LIMITS } from './library.ts';
import { memberText } from './text.ts';

/** A required field: trimmed, something visible, no control characters (text.ts). */
const text = (max: number) => memberText({ max });
/** An optional field: may be '' (the default), otherwise as above. */
const optionalText = (max: number) => memberText({ max, required: false }).default('');

export const pageInputSchema = z.object({
  order: z.number().int().min(1).max(LIMITS.pagesPerLanguage),
  header: text(LIMITS.pageHeader),
  subHeader: optionalText(LIMITS.pageHeader),
  content1: text(LIMITS.pageField),
  subHeader2: optionalText(LIMITS.pageHeader),
  content2: optionalText(LIMITS.pageField),
  subHeader3: optionalText(LIMITS.pageHeader),
  content3: optionalText(LIMITS.pageField),
  subHeader4: optionalText(LIMITS.pageHeader),
  content4: optionalText(LIMITS.pageField),
});
export type PageInput = z.input<typeof pageInputSchema>;

const pagesSchema = z
  .array(pageInputSchema)
  .max(LIMITS.pagesPerLanguage)
  .refine((pages) => new Set(pages.map((p) => p.order)).size === pages.length, {
    message: 'Each page needs its own order number.',
  });

/** The `data` field of POST /api/v1/books and PUT /api/v1/books/:bookId. */
export const summaryInputSchema = z
  .object({
    title: text(LIMITS.title),
    author: text(LIMITS.author),
    /** Optional: the title and author in Arabic ('' = none; the Arabic interface then shows the above). */
    titleAr: optionalText(LIMITS.title),
    authorAr: optionalText(LIMITS.author),
    categoryId: z.string().min(1).max(100),
    tags: z.array(text(LIMITS.tag)).max(LIMITS.tagsPerBook).default([]),
    aboutBook: optionalText(LIMITS.aboutBook),
    bookReference: optionalText(LIMITS.bookReference),
    enPages: pagesSchema.default([]),
    arPages: pagesSchema.default([]),
    /** Edit only: remove the current cover without uploading another. */
    removeCover: z.boolean().default(false),
  })
  .refine((s) => s.enPages.length + s.arPages.length > 0, {
    message: 'Add at least one page, in English or in Arabic.',
    path: ['enPages'],
  });
export type SummaryInput = z.input<typeof summaryInputSchema>;

/** Answer to create and edit: where the summary now lives, and its cover's URL (spec: uploads return a URL). */
export const savedSummarySchema = z.object({
  id: z.string(),
  categoryId: z.string(),
  bookImage: z.string().nullable(),
});
export type SavedSummary = z.infer<typeof savedSummarySchema>;

/** GET /api/v1/books/:bookId/editable — the author's own summary, as the edit form needs it. */
export const editableSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  author: z.string(),
  /** '' when the summary has none. */
  titleAr: z.string(),
  authorAr: z.string(),
  categoryId: z.string(),
  tags: z.array(z.string()),
  aboutBook: z.string(),
  bookReference: z.string(),
  bookImage: z.string().nullable(),
  enPages: z.array(pageInputSchema),
  arPages: z.array(pageInputSchema),
});
export type EditableSummary = z.infer<typeof editableSummarySchema>;
