import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** DELETE /api/v1/books/:bookId — the author removes their summary (and its cover). */
export function deleteBook(bookId: string): Promise<void> {
  return apiFetch<void>(`/api/v1/books/${encodeURIComponent(bookId)}`, { method: 'DELETE' });
}

export function useDeleteBook(bookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteBook(bookId),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: queryKeys.book(bookId) });
      void queryClient.invalidateQueries({ queryKey: ['books'] });
      void queryClient.invalidateQueries({ queryKey: ['library'] });
      void queryClient.invalidateQueries({ queryKey: queryKeys.myLibrary() });
      // The author's profile lists it.
      void queryClient.invalidateQueries({ queryKey: queryKeys.profiles() });
    },
  });
}
