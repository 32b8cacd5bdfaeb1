// Library rules: the categories with their counts, what the overview features, and cards for
// books whose order another module decides (ranked search results).
import type { BookCard, Category, LibraryOverview } from '@sahifa/contracts';
import { toBookCard } from '#server/kernel/book-cards.ts';
import type { Key } from '#server/kernel/newest-entries.ts';
import { createReadCache } from '#server/kernel/read-cache.ts';
import type { LibraryRepository } from './library.repository.ts';

export const FEATURED_BOOK_COUNT = 8;
/**
 * `cacheMs` (LIBRARY_CACHE_SECONDS): how long a list every member sees alike is remembered; a
 * change written on this instance clears them at once, another instance's shows within it.
 */
export function createLibraryService(repository: LibraryRepository, { cacheMs }: { cacheMs: number }) {
  const cache = createReadCache({ ttlMs: cacheMs, maxEntries: 1000 });

  async function categories(): Promise<Category[]> {
    const rows = await repository.listCategoriesWithCounts();
    return rows.map((c) => ({ id: c.id, title: c.title, titleAr: c.title_ar, bookCount: c.book_count }));
  }

  return {
    /** Every category in display order, with its number of books (official and member). */
    categories,

    async overview(): Promise<LibraryOverview> {
      return cache.get(['overview'], async () => {
        const [all, featured] = await Promise.all([
          categories(),
          repository.listFeaturedBooks(FEATURED_BOOK_COUNT),
        ]);
        return { categories: all, featuredBooks: featured.map(toBookCard) };
      });
    },

    /**
     * An answer made only of library data (books, their cards, pages, categories, tags, reviews)
     * and members' names and pictures, the same for every member: remembered until one of them
     * changes (`changed()`) or for `cacheMs`. Handed back as it is once loaded (decision 025).
     */
    shared<T>(key: Key, load: () => Promise<T>): T | Promise<T> {
      return cache.get(key, load);
    },

    /**
     * Called once a change to books, their cards, reviews or categories, or to a member's name,
     * picture or bio, has been written, and once a new member has joined.
     */
    changed(): void {
      cache.clear();
    },

    /** Cards in the order of `ids` (unknown and hidden ids are skipped, repeats kept once), in one query. */
    async bookCards(ids: readonly string[]): Promise<BookCard[]> {
      const unique = [...new Set(ids)];
      const byId = new Map((await repository.listBookCards(unique)).map((row) => [row.id, toBookCard(row)]));
      return unique.flatMap((id) => byId.get(id) ?? []);
    },
  };
}

export type LibraryService = ReturnType<typeof createLibraryService>;
