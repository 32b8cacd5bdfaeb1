// Library rules: what the overview shows and how a book becomes a card.
import type { BookCard, LibraryOverview } from '@sahifa/contracts';
import type { BookSource } from '../../db/schema.ts';
import type { LibraryRepository } from './library.repository.ts';

export const FEATURED_BOOK_COUNT = 8;

interface BookCardRow {
  id: string;
  category_id: string;
  title: string;
  author: string;
  book_image: string | null;
  source: BookSource;
  rating_count: number;
  rating_sum: number;
}

/** Spec: the average rating is 0 when there are no ratings, otherwise sum / count. */
export function toBookCard(row: BookCardRow): BookCard {
  const count = Number(row.rating_count);
  return {
    id: row.id,
    categoryId: row.category_id,
    title: row.title,
    author: row.author,
    bookImage: row.book_image,
    source: row.source,
    averageRating: count > 0 ? Number(row.rating_sum) / count : 0,
    ratingCount: count,
  };
}

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
