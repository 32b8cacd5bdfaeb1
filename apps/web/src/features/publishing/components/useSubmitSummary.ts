import type { SavedSummary } from '@sahifa/contracts/publishing';
import { type FormEvent, useState } from 'react';
import type { SummaryUpload } from '#web/features/publishing/api/create-summary.ts';
import type { FormError } from '#web/features/publishing/form.ts';

interface SubmitOptions {
  /** Checks the form; returns its problems, the first one first. */
  check: () => FormError[];
  /** The form has a problem: show it. */
  onProblem: (problem: FormError) => void;
  /** What to send, read when the form is sent. */
  upload: () => SummaryUpload;
  save: (upload: SummaryUpload) => Promise<SavedSummary>;
  onSaved: (saved: SavedSummary) => void;
  /** The server refused (the error is in `serverError` by the next render). */
  onRefused: () => void;
}

/** Submitting the summary: checked first, then saved once at a time; the server's refusal is kept. */
export function useSubmitSummary({ check, onProblem, upload, save, onSaved, onRefused }: SubmitOptions) {
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<unknown>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setServerError(null);
    const first = check()[0];
    if (first) {
      onProblem(first);
      return;
    }
    setBusy(true);
    try {
      onSaved(await save(upload()));
    } catch (error) {
      setServerError(error);
      onRefused();
    } finally {
      setBusy(false);
    }
  }

  return { busy, serverError, clearServerError: () => setServerError(null), onSubmit };
}
