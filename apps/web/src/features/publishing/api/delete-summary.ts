import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';

/** DELETE /api/v1/books/:bookId — the author deletes their summary (and its cover). */
export function deleteSummary(bookId: string): Promise<void> {
  return apiFetch<void>(`/api/v1/books/${encodeURIComponent(bookId)}`, { method: 'DELETE' });
}

export function useDeleteSummary(bookId: string) {
  return useMutation({ mutationFn: () => deleteSummary(bookId) });
}
