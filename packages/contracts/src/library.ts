// The library: categories, books, pages, tags, reading state, comments and ratings, search,
// member summaries. Limits are enforced by the server and mirrored by the forms.
import { z } from 'zod';
import { COVER_WIDTHS } from './cover-widths.ts';

export const LIMITS = {
  title: 200,
  author: 200,
  aboutBook: 5_000,
  bookReference: 1_000,
  tag: 40,
  tagsPerBook: 10,
  pageField: 20_000,
  pageHeader: 300,
  pagesPerLanguage: 100,
  comment: 2_000,
  searchQuery: 100,
  /** Upload size, before decoding (bytes). */
  uploadBytes: 5 * 1024 * 1024,
  /** Covers are re-encoded at most this wide (px). */
  coverMaxWidth: COVER_WIDTHS.cover,
} as const;

export const PAGE_SIZE = { books: 24, comments: 20, search: 20 } as const;

export const langSchema = z.enum(['en', 'ar']);
export type Lang = z.infer<typeof langSchema>;

/** A page as stored and read (spec fields). Empty strings for unused sub-headers/contents. */
export const pageSchema = z.object({
  order: z.number().int(),
  header: z.string(),
  subHeader: z.string(),
  content1: z.string(),
  subHeader2: z.string(),
  content2: z.string(),
  subHeader3: z.string(),
  content3: z.string(),
  subHeader4: z.string(),
  content4: z.string(),
});
export type Page = z.infer<typeof pageSchema>;

/** A tag; `nameAr` is its Arabic name when it has one (the demo library's tags do). */
export const tagSchema = z.object({ id: z.string(), name: z.string(), nameAr: z.string().nullable() });
export type Tag = z.infer<typeof tagSchema>;

/** Cursor pagination: pass `nextCursor` back as `?cursor=`; null means the end. */
export const cursorQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).optional(),
});

// ---------- reading state ----------

export const progressSchema = z.object({
  /** 1-based; a book without a saved record reads from page 1 (spec). */
  pageNumber: z.number().int().min(1),
  /** The language the member reads the book in; absent for progress saved before it was kept. */
  lang: langSchema.optional(),
  updatedAt: z.string().nullable(),
});
export type Progress = z.infer<typeof progressSchema>;

/**
 * Where the member stands with a book: one object wherever a screen needs it. A finished book
 * with progress is being read again (it stays finished); without progress it is only finished.
 */
export const readerStateSchema = z.object({
  bookmarked: z.boolean(),
  progress: progressSchema.nullable(),
  finishedAt: z.string().nullable(),
});
export type ReaderState = z.infer<typeof readerStateSchema>;

/** The page reached, and the language it is read in (without it, the saved language is kept). */
export const saveProgressBodySchema = z.object({
  pageNumber: z.number().int().min(1).max(10_000),
  lang: langSchema.optional(),
});
export const bookmarkStateSchema = z.object({ bookmarked: z.boolean() });
export const finishedSchema = z.object({ finishedAt: z.string() });
