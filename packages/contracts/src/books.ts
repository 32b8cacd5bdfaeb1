// Browsing and previewing books (issue: library, reader and publishing).
import { z } from 'zod';
import { commentSchema, myReviewSchema } from './comments.ts';
import { bookCardSchema, categorySchema } from './index.ts';
import { langSchema, pageSchema, readerStateSchema, tagSchema } from './library.ts';
import { authorSchema } from './members.ts';

/** GET /api/v1/books — /app/books: every category with its newest books (up to 12 each). */
export const booksByCategorySchema = z.object({
  categories: z.array(categorySchema.extend({ books: z.array(bookCardSchema) })),
});
export type BooksByCategory = z.infer<typeof booksByCategorySchema>;

/** GET /api/v1/categories/:categoryId/books?cursor — official and member summaries merged, newest first. */
export const categoryBooksSchema = z.object({
  category: categorySchema,
  books: z.array(bookCardSchema),
  nextCursor: z.string().nullable(),
});
export type CategoryBooks = z.infer<typeof categoryBooksSchema>;

/** GET /api/v1/tags/:tagId/books?cursor */
export const tagBooksSchema = z.object({
  tag: tagSchema,
  books: z.array(bookCardSchema),
  nextCursor: z.string().nullable(),
});
export type TagBooks = z.infer<typeof tagBooksSchema>;

/**
 * GET /api/v1/books/:bookId — the preview screen in one request: the book, the member's state
 * with it, the first page of comments and the member's own review.
 */
export const bookPreviewSchema = z.object({
  /** The book's category, for the breadcrumb in either language. */
  category: categorySchema.pick({ id: true, title: true, titleAr: true }),
  book: bookCardSchema.extend({
    aboutBook: z.string(),
    bookReference: z.string(),
    tags: z.array(tagSchema),
    pageCounts: z.object({ en: z.number().int(), ar: z.number().int() }),
    addedBy: z.string(),
    addedAt: z.string(),
    /** Who published a member summary (null for official ones). */
    publisher: authorSchema.nullable(),
    /** The signed-in member published it: they may edit and delete it. */
    isMine: z.boolean(),
  }),
  state: readerStateSchema,
  comments: z.object({
    items: z.array(commentSchema),
    nextCursor: z.string().nullable(),
    myReview: myReviewSchema,
  }),
});
export type BookPreview = z.infer<typeof bookPreviewSchema>;

/** GET /api/v1/books/:bookId/read — the reader in one request: both languages' pages and the state. */
export const bookReadingSchema = z.object({
  book: z.object({
    id: z.string(),
    categoryId: z.string(),
    title: z.string(),
    author: z.string(),
    titleAr: z.string().nullable(),
    authorAr: z.string().nullable(),
    bookImage: z.string().nullable(),
  }),
  pages: z.object({ en: z.array(pageSchema), ar: z.array(pageSchema) }),
  state: readerStateSchema,
});
export type BookReading = z.infer<typeof bookReadingSchema>;

/** GET /api/v1/me/library — My Library's three tabs in one request (newest first, up to 100 each). */
export const myLibrarySchema = z.object({
  bookmarked: z.array(z.object({ book: bookCardSchema, bookmarkedAt: z.string() })),
  inProgress: z.array(
    z.object({
      book: bookCardSchema,
      pageNumber: z.number().int(),
      /** The language the member reads it in (absent for progress saved before it was kept). */
      lang: langSchema.optional(),
      /** Pages in the language with more of them (what "page N of M" counts). */
      pageCount: z.number().int(),
      updatedAt: z.string(),
    }),
  ),
  finished: z.array(z.object({ book: bookCardSchema, finishedAt: z.string() })),
});
export type MyLibrary = z.infer<typeof myLibrarySchema>;

export const readQuerySchema = z.object({ lang: langSchema.optional() });
