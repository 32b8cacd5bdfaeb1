import type { CategoryBooks } from '@sahifa/contracts/books';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { withQuery } from '#web/lib/api-paths.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /api/v1/categories/:categoryId/books?cursor — one page, newest first. */
export function fetchCategoryBooks(
  categoryId: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<CategoryBooks> {
  return apiFetch<CategoryBooks>(
    withQuery(`/api/v1/categories/${encodeURIComponent(categoryId)}/books`, { cursor }),
    { signal },
  );
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
