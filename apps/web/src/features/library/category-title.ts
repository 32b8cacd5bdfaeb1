import type { Category, LibraryOverview } from '@sahifa/contracts';
import type { BooksByCategory, CategoryBooks } from '@sahifa/contracts/books';
import { type InfiniteData, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../lib/query-keys.ts';
import { categoryTitle } from './format.ts';

/** "self-help" → "Self help": what to show when the category's titles are not in the cache. */
export function titleFromSlug(slug: string): string {
  const words = slug.replace(/[-_]+/g, ' ').trim();
  return words ? words.charAt(0).toLocaleUpperCase() + words.slice(1) : slug;
}

/** The category's title from data already loaded (shelves, category list, home), without a request. */
export function useCategoryTitle(categoryId: string): string {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  const language = i18n.resolvedLanguage ?? 'en';
  const fromShelves = queryClient
    .getQueryData<BooksByCategory>(queryKeys.booksByCategory())
    ?.categories.find((category) => category.id === categoryId);
  const fromList = queryClient.getQueryData<InfiniteData<CategoryBooks>>(queryKeys.categoryBooks(categoryId))
    ?.pages[0]?.category;
  const fromOverview = queryClient
    .getQueryData<LibraryOverview>(['library', 'overview'])
    ?.categories.find((category) => category.id === categoryId);
  const category: Category | undefined = fromShelves ?? fromList ?? fromOverview;
  return category ? categoryTitle(category, language) : titleFromSlug(categoryId);
}
