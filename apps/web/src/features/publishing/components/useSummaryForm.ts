import { useEffect, useRef, useState } from 'react';
import { clearDraft, clearDraftText, loadDraft, saveDraft } from '#web/features/publishing/draft.ts';
import { isBlankForm, type SummaryForm, type TextField } from '#web/features/publishing/form.ts';

const DRAFT_DELAY_MS = 400;

interface SummaryFormOptions {
  mode: 'add' | 'edit';
  /** localStorage key of the draft (`addBookDraft`, `editBookDraft:<id>`). */
  draftKey: string;
  /** The form before any change: empty (add) or the author's summary (edit). */
  initialForm: SummaryForm;
}

/**
 * The summary's text, pages and "remove the cover" choice, kept as a draft: restored on opening,
 * written a moment after each change, cleared once the summary is saved.
 */
export function useSummaryForm({ mode, draftKey, initialForm }: SummaryFormOptions) {
  const [restored] = useState(() => {
    const draft = loadDraft(draftKey);
    return draft && !(mode === 'add' && isBlankForm(draft.form)) ? draft : null;
  });
  const [form, setForm] = useState<SummaryForm>(() => restored?.form ?? initialForm);
  const [removeCover, setRemoveCover] = useState(restored?.removeCover ?? false);
  const [restoredNotice, setRestoredNotice] = useState(restored !== null);
  const [draftKept, setDraftKept] = useState(true);
  /** The member changed something: from now on the form is kept as a draft. */
  const dirty = useRef(restored !== null);
  /** Published or saved: nothing more is written to the draft. */
  const done = useRef(false);

  // Text and pages are written to the draft a moment after each change.
  useEffect(() => {
    if (!dirty.current || done.current) return;
    const timer = setTimeout(() => {
      if (done.current) return;
      if (mode === 'add' && isBlankForm(form)) clearDraftText(draftKey);
      else setDraftKept(saveDraft(draftKey, { form, removeCover, savedAt: new Date().toISOString() }));
    }, DRAFT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [form, removeCover, draftKey, mode]);

  /** Something the draft keeps changed (the cover file is kept apart, see useCoverChoice). */
  function touch() {
    dirty.current = true;
  }

  function change(update: (previous: SummaryForm) => SummaryForm) {
    touch();
    setForm(update);
  }

  const setText = (name: TextField) => (value: string) =>
    change((previous) => ({ ...previous, [name]: value }));

  function changeRemoveCover(remove: boolean) {
    touch();
    setRemoveCover(remove);
  }

  /** Back to the form as it was before the draft. */
  function discard() {
    clearDraft(draftKey);
    dirty.current = false;
    setForm(initialForm);
    setRemoveCover(false);
    setRestoredNotice(false);
  }

  /** Saved: the draft is no longer needed, and nothing more is written to it. */
  function finish() {
    done.current = true;
    clearDraft(draftKey);
  }

  return {
    form,
    change,
    setText,
    removeCover,
    changeRemoveCover,
    restoredNotice,
    hideRestoredNotice: () => setRestoredNotice(false),
    draftKept,
    touch,
    discard,
    finish,
    done,
  };
}
