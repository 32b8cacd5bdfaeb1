import type { SummaryInput } from '@sahifa/contracts/publishing';

/** The multipart body of POST/PUT /api/v1/books: `data` (JSON) and, when chosen, the `cover` file. */
export function summaryFormData(input: SummaryInput, cover: File | null): FormData {
  const form = new FormData();
  form.set('data', JSON.stringify(input));
  if (cover) form.set('cover', cover, cover.name || 'cover');
  return form;
}
