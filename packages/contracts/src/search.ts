// GET /api/v1/search?q= — books (title, author, tags, aboutBook, page text, both languages) and
// members (name). Title and author matches rank above body matches.
import { z } from 'zod';
import { bookCardSchema } from './index.ts';
import { LIMITS } from './library.ts';
import { authorSchema } from './members.ts';

export const searchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(1)
    .max(LIMITS.searchQuery)
    .regex(/^\P{Cc}*$/u, 'A search cannot contain control characters.'),
});

export const searchResultsSchema = z.object({
  /** The normalised words searched for (see search-text.ts), for highlighting. */
  terms: z.array(z.string()),
  books: z.array(
    bookCardSchema.extend({
      /** A short passage around the first match in the text (page or aboutBook), or ''. */
      snippet: z.string(),
    }),
  ),
  members: z.array(authorSchema.extend({ bio: z.string().nullable() })),
});
export type SearchResults = z.infer<typeof searchResultsSchema>;
