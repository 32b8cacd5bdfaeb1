import type { CategoryBooks } from '@sahifa/contracts/books';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /api/v1/categories/:categoryId/books?cursor — one page, newest first. */
export function fetchCategoryBooks(
  categoryId: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<CategoryBooks> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  return apiFetch<CategoryBooks>(`/api/v1/categories/${encodeURIComponent(categoryId)}/books${query}`, {
    signal,
  });
}

export const categoryBooksQueryOptions = (categoryId: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.categoryBooks(categoryId),
    queryFn: ({ pageParam, signal }) => fetchCategoryBooks(categoryId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useCategoryBooks(categoryId: string) {
  return useInfiniteQuery(categoryBooksQueryOptions(categoryId));
}
