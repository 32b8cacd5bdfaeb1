import type { BookPreview } from '@sahifa/contracts/books';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /api/v1/books/:bookId — the book, the member's state with it and the first comments. */
export function fetchBookPreview(bookId: string, signal?: AbortSignal): Promise<BookPreview> {
  return apiFetch<BookPreview>(`/api/v1/books/${encodeURIComponent(bookId)}`, { signal });
}

export const bookPreviewQueryOptions = (bookId: string) =>
  queryOptions({
    queryKey: queryKeys.bookPreview(bookId),
    queryFn: ({ signal }) => fetchBookPreview(bookId, signal),
  });

export function useBookPreview(bookId: string) {
  return useQuery(bookPreviewQueryOptions(bookId));
}

/** A comment was added or deleted: show the book's new average at once. */
export function setPreviewRating(
  queryClient: QueryClient,
  bookId: string,
  rating: { averageRating: number; ratingCount: number },
): void {
  queryClient.setQueryData<BookPreview>(queryKeys.bookPreview(bookId), (old) =>
    old ? { ...old, book: { ...old.book, ...rating } } : old,
  );
  // Cards elsewhere (shelves, category lists, My Library) show the average too.
  void queryClient.invalidateQueries({ queryKey: ['books'] });
  void queryClient.invalidateQueries({ queryKey: queryKeys.myLibrary() });
}
