import type { SavedSummary } from '@sahifa/contracts/publishing';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import type { SummaryUpload } from './create-summary.ts';
import { summaryFormData } from './form-data.ts';

/** PUT /api/v1/books/:bookId — the author saves their summary (a new cover replaces the old). */
export function updateSummary(bookId: string, { input, cover }: SummaryUpload): Promise<SavedSummary> {
  return apiFetch<SavedSummary>(`/api/v1/books/${encodeURIComponent(bookId)}`, {
    method: 'PUT',
    form: summaryFormData(input, cover),
  });
}

export function useUpdateSummary(bookId: string) {
  return useMutation({ mutationFn: (upload: SummaryUpload) => updateSummary(bookId, upload) });
}
