import type { EditableSummary } from '@sahifa/contracts/publishing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';

/** GET /api/v1/books/:bookId/editable — the author's own summary, as the edit form needs it. */
export function fetchEditableSummary(bookId: string, signal?: AbortSignal): Promise<EditableSummary> {
  return apiFetch<EditableSummary>(`/api/v1/books/${encodeURIComponent(bookId)}/editable`, { signal });
}

export const editableSummaryQueryOptions = (bookId: string) =>
  queryOptions({
    queryKey: ['book', bookId, 'editable'],
    queryFn: ({ signal }) => fetchEditableSummary(bookId, signal),
    // Always the latest text when the form opens.
    staleTime: 0,
    gcTime: 0,
  });

export function useEditableSummary(bookId: string) {
  return useQuery(editableSummaryQueryOptions(bookId));
}
