// Library rules: the categories with their counts, what the overview features, and cards for
// books whose order another module decides (ranked search results).
import type { BookCard, Category, LibraryOverview } from '@sahifa/contracts';
import { toBookCard } from '#server/kernel/book-cards.ts';
import type { LibraryRepository } from './library.repository.ts';

export const FEATURED_BOOK_COUNT = 8;

export function createLibraryService(repository: LibraryRepository) {
  async function categories(): Promise<Category[]> {
    const rows = await repository.listCategoriesWithCounts();
    return rows.map((c) => ({ id: c.id, title: c.title, titleAr: c.title_ar, bookCount: c.book_count }));
  }

  return {
    /** Every category in display order, with its number of books (official and member). */
    categories,

    async overview(): Promise<LibraryOverview> {
      const [all, featured] = await Promise.all([
        categories(),
        repository.listFeaturedBooks(FEATURED_BOOK_COUNT),
      ]);
      return { categories: all, featuredBooks: featured.map(toBookCard) };
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
