import type { BookReading } from '@sahifa/contracts/books';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /api/v1/books/:bookId/read — both languages' pages and the member's state, in one request. */
export function fetchBookReading(bookId: string, signal?: AbortSignal): Promise<BookReading> {
  return apiFetch<BookReading>(`/api/v1/books/${encodeURIComponent(bookId)}/read`, { signal });
}

export const bookReadingQueryOptions = (bookId: string) =>
  queryOptions({
    queryKey: queryKeys.bookReading(bookId),
    queryFn: ({ signal }) => fetchBookReading(bookId, signal),
  });

export function useBookReading(bookId: string) {
  return useQuery(bookReadingQueryOptions(bookId));
}
