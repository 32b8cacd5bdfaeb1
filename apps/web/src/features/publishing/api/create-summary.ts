import type { SavedSummary, SummaryInput } from '@sahifa/contracts/publishing';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { summaryFormData } from './form-data.ts';

export interface SummaryUpload {
  input: SummaryInput;
  cover: File | null;
}

/** POST /api/v1/books — publishes a member summary (multipart: `data` + optional `cover`). */
export function createSummary({ input, cover }: SummaryUpload): Promise<SavedSummary> {
  return apiFetch<SavedSummary>('/api/v1/books', { method: 'POST', form: summaryFormData(input, cover) });
}

export function useCreateSummary() {
  return useMutation({ mutationFn: createSummary });
}
