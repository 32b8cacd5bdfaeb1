import type { ReaderState } from '@sahifa/contracts/library';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** POST /api/v1/books/:bookId/finish — deletes the progress record and records the book as finished. */
export function finishBook(bookId: string): Promise<{ finishedAt: string }> {
  return apiFetch<{ finishedAt: string }>(`/api/v1/books/${encodeURIComponent(bookId)}/finish`, {
    method: 'POST',
  });
}

type WithState = { state: ReaderState };

export function useFinishBook(bookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => finishBook(bookId),
    onSuccess: ({ finishedAt }) => {
      for (const key of [queryKeys.bookReading(bookId), queryKeys.bookPreview(bookId)]) {
        queryClient.setQueryData<WithState>(key, (old) =>
          old ? { ...old, state: { ...old.state, progress: null, finishedAt } } : old,
        );
      }
      void queryClient.invalidateQueries({ queryKey: queryKeys.myLibrary() });
    },
  });
}
