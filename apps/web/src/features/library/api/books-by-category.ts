import type { BooksByCategory } from '@sahifa/contracts/books';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /api/v1/books — every category with its newest books, in one request. */
export function fetchBooksByCategory(signal?: AbortSignal): Promise<BooksByCategory> {
  return apiFetch<BooksByCategory>('/api/v1/books', { signal });
}

export const booksByCategoryQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.booksByCategory(),
    queryFn: ({ signal }) => fetchBooksByCategory(signal),
  });

export function useBooksByCategory() {
  return useQuery(booksByCategoryQueryOptions());
}
