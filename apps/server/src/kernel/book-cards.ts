// How a book becomes a card (bookCardSchema), shared by every list of books: the library,
// categories, tags, My Library, profiles and search.
import type { BookCard } from '@sahifa/contracts';
import type { Lang } from '@sahifa/contracts/library';
import type { BookSource } from '#server/db/schema.ts';

/** Select these from `book` (joins allowed) and map each row with `toBookCard`. */
export const BOOK_CARD_COLUMNS = [
  'book.id',
  'book.category_id',
  'book.title',
  'book.author',
  'book.title_ar',
  'book.author_ar',
  'book.book_image',
  'book.card_image',
  'book.source',
  'book.rating_count',
  'book.rating_sum',
] as const;

export interface BookCardRow {
  id: string;
  category_id: string;
  title: string;
  author: string;
  title_ar: string | null;
  author_ar: string | null;
  book_image: string | null;
  card_image: string | null;
  source: BookSource;
  rating_count: number | string | bigint;
  rating_sum: number | string | bigint;
}

/** Spec: the average rating is 0 when there are no ratings, otherwise sum / count (unrounded). */
export function averageRating(
  ratingCount: number | string | bigint,
  ratingSum: number | string | bigint,
): number {
  const count = Number(ratingCount);
  return count > 0 ? Number(ratingSum) / count : 0;
}

export function toBookCard(row: BookCardRow): BookCard {
  return {
    id: row.id,
    categoryId: row.category_id,
    title: row.title,
    author: row.author,
    titleAr: row.title_ar,
    authorAr: row.author_ar,
    bookImage: row.book_image,
    cardImage: row.card_image,
    source: row.source,
    averageRating: averageRating(row.rating_count, row.rating_sum),
    ratingCount: Number(row.rating_count),
  };
}

/** A book's title in a language: the Arabic one in Arabic when it has one, else the English. */
export function titleIn(book: { title: string; titleAr: string | null }, lang: Lang): string {
  return lang === 'ar' && book.titleAr ? book.titleAr : book.title;
}
