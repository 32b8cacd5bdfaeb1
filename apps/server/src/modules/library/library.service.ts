// Library rules: what the overview shows and how a book becomes a card.
import type { LibraryOverview } from '@sahifa/contracts';
import { toBookCard } from './book-cards.ts';
import type { LibraryRepository } from './library.repository.ts';

export const FEATURED_BOOK_COUNT = 8;

export function createLibraryService(repository: LibraryRepository) {
  return {
    async overview(): Promise<LibraryOverview> {
      const [categories, featured] = await Promise.all([
        repository.listCategoriesWithCounts(),
        repository.listFeaturedBooks(FEATURED_BOOK_COUNT),
      ]);
      return {
        categories: categories.map((c) => ({
          id: c.id,
          title: c.title,
          titleAr: c.title_ar,
          bookCount: c.book_count,
        })),
        featuredBooks: featured.map(toBookCard),
      };
    },
  };
}
