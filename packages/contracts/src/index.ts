// Schemas shared by the server (request/response validation, OpenAPI) and the web app (types).
import { z } from 'zod';

/** Every error the API returns has this shape; `message` is safe to show to a user. */
export const apiErrorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 80;
export const EMAIL_MAX_LENGTH = 254;

export const healthSchema = z.object({ status: z.literal('ok'), database: z.literal('ok') });
export type Health = z.infer<typeof healthSchema>;

export const categorySchema = z.object({
  id: z.string(),
  title: z.string(),
  titleAr: z.string(),
  bookCount: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;

/** What a list of books shows for each book: enough for a card, nothing more. */
export const bookCardSchema = z.object({
  id: z.string(),
  categoryId: z.string(),
  title: z.string(),
  author: z.string(),
  /** The title and author in Arabic, when the book has them (the Arabic interface shows them). */
  titleAr: z.string().nullable(),
  authorAr: z.string().nullable(),
  bookImage: z.string().nullable(),
  /** The cover at most 360 px wide, for cards; null when there is none (show bookImage). */
  cardImage: z.string().nullable(),
  source: z.enum(['official', 'member']),
  averageRating: z.number(),
  ratingCount: z.number().int(),
});
export type BookCard = z.infer<typeof bookCardSchema>;

/** GET /api/v1/library/overview — the landing page and /app/home in one request. */
export const libraryOverviewSchema = z.object({
  categories: z.array(categorySchema),
  featuredBooks: z.array(bookCardSchema),
});
export type LibraryOverview = z.infer<typeof libraryOverviewSchema>;

/** GET /api/v1/config — public, non-secret settings the browser needs. */
export const publicConfigSchema = z.object({ googleSignIn: z.boolean() });
export type PublicConfig = z.infer<typeof publicConfigSchema>;
