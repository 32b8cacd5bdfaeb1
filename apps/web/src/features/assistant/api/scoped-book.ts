import type { ScopedBook } from '@sahifa/contracts/assistant';
import type { BookPreview } from '@sahifa/contracts/books';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/**
 * The book a new conversation will be about (`?book=`), for "Asking about: Meditations" before
 * the first question: GET /api/v1/books/:bookId under the preview's key, so coming from the
 * preview costs no request.
 */
export function useScopedBook(bookId: string | null) {
  return useQuery({
    queryKey: queryKeys.bookPreview(bookId ?? ''),
    queryFn: ({ signal }) =>
      apiFetch<BookPreview>(`/api/v1/books/${encodeURIComponent(bookId ?? '')}`, { signal }),
    enabled: bookId !== null,
    select: (preview): ScopedBook => ({
      id: preview.book.id,
      categoryId: preview.book.categoryId,
      title: preview.book.title,
      titleAr: preview.book.titleAr,
    }),
  });
}
