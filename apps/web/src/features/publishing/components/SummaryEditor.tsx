import type { Category } from '@sahifa/contracts';
import type { SavedSummary } from '@sahifa/contracts/publishing';
import { type ReactNode, useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SummaryUpload } from '#web/features/publishing/api/create-summary.ts';
import {
  langOfPath,
  PAGE_LISTS,
  type PageLang,
  type SummaryForm,
  toSummaryInput,
} from '#web/features/publishing/form.ts';
import { serverErrorKey } from '#web/features/publishing/server-error.ts';
import { BookSection } from './BookSection.tsx';
import { CoverInput } from './CoverInput.tsx';
import { DraftNotice } from './DraftNotice.tsx';
import { PagesSection } from './PagesSection.tsx';
import { SubmitBar } from './SubmitBar.tsx';
import { ErrorSummary, ServerFailure } from './SummaryAlerts.tsx';
import styles from './SummaryEditor.module.css';
import { useCoverChoice } from './useCoverChoice.ts';
import { useFocusTarget } from './useFocusTarget.ts';
import { useSubmitSummary } from './useSubmitSummary.ts';
import { useSummaryChecks } from './useSummaryChecks.ts';
import { useSummaryForm } from './useSummaryForm.ts';

interface SummaryEditorProps {
  mode: 'add' | 'edit';
  title: string;
  intro: string;
  /** localStorage key of the draft (`addBookDraft`, `editBookDraft:<id>`). */
  draftKey: string;
  /** The form before any change: empty (add) or the author's summary (edit). */
  initialForm: SummaryForm;
  /** Edit: the current cover's URL. */
  currentCover?: string | null;
  categories: Category[];
  save: (upload: SummaryUpload) => Promise<SavedSummary>;
  onSaved: (saved: SavedSummary) => void;
  /** Under the form (edit: deleting the summary). */
  children?: ReactNode;
}

/** The add and edit summary form: fields, cover, pages in both languages, preview, draft, checks. */
export function SummaryEditor({
  mode,
  title,
  intro,
  draftKey,
  initialForm,
  currentCover = null,
  categories,
  save,
  onSaved,
  children,
}: SummaryEditorProps) {
  const { t } = useTranslation();
  const prefix = useId();
  const fieldId = useCallback((path: string) => `${prefix}-${path.replaceAll('.', '-')}`, [prefix]);

  const draft = useSummaryForm({ mode, draftKey, initialForm });
  const cover = useCoverChoice(draftKey, draft.done);
  const focus = useFocusTarget();
  const [lang, setLang] = useState<PageLang>('en');
  const [previewing, setPreviewing] = useState(false);

  /** The category must be one the server knows (a stale draft may name one that is gone). */
  const knownCategory = categories.some((c) => c.id === draft.form.categoryId);
  const checks = useSummaryChecks(knownCategory ? draft.form : { ...draft.form, categoryId: '' }, fieldId);

  const submit = useSubmitSummary({
    check: checks.check,
    onProblem: (problem) => focusProblem(problem.path),
    upload: () => ({
      input: toSummaryInput(draft.form, { removeCover: mode === 'edit' && draft.removeCover && !cover.file }),
      cover: cover.file,
    }),
    save,
    onSaved: (saved) => {
      draft.finish();
      onSaved(saved);
    },
    onRefused: () => focus(fieldId('server-error')),
  });

  function chooseCover(file: File | null) {
    draft.touch();
    cover.choose(file);
    if (file) draft.changeRemoveCover(false);
  }

  function discardDraft() {
    draft.discard();
    cover.reset();
    checks.reset();
    submit.clearServerError();
  }

  function focusProblem(path: string) {
    const pageLang = langOfPath(path);
    if (pageLang) setLang(pageLang);
    setPreviewing(false);
    focus(checks.targetOf(path));
  }

  const failure = submit.serverError ? serverErrorKey(submit.serverError) : null;

  return (
    <div className={styles.editor}>
      <form className={styles.editor} noValidate onSubmit={submit.onSubmit}>
        <header>
          <h1>{title}</h1>
          <p className={styles.intro}>{intro}</p>
        </header>

        {draft.restoredNotice ? (
          <DraftNotice mode={mode} onDiscard={discardDraft} onKeep={draft.hideRestoredNotice} />
        ) : null}
        {failure ? <ServerFailure id={fieldId('server-error')} mode={mode} failure={failure} /> : null}
        {checks.summaryProblems.length > 0 ? (
          <ErrorSummary
            problems={checks.summaryProblems}
            targetOf={checks.targetOf}
            lineOf={checks.summaryLine}
            onPick={focusProblem}
          />
        ) : null}

        <BookSection
          form={draft.form}
          setText={draft.setText}
          onTags={(tags) => draft.change((previous) => ({ ...previous, tags }))}
          categories={categories}
          knownCategory={knownCategory}
          fieldId={fieldId}
          errorFor={checks.errorFor}
        />

        <section className={styles.card} aria-label={t('publishing.cover.legend')}>
          <CoverInput
            id={fieldId('cover')}
            file={cover.file}
            onFile={chooseCover}
            currentUrl={currentCover}
            removeCover={draft.removeCover}
            onRemoveCover={draft.changeRemoveCover}
            keptWithDraft={cover.kept}
            error={cover.error}
            onError={cover.setError}
          />
        </section>

        <PagesSection
          form={draft.form}
          onPages={(pageLang, pages) =>
            draft.change((previous) => ({ ...previous, [PAGE_LISTS[pageLang]]: pages }))
          }
          lang={lang}
          onLang={setLang}
          previewing={previewing}
          onTogglePreview={() => setPreviewing((p) => !p)}
          fieldId={fieldId}
          errorFor={checks.errorFor}
          errorCount={checks.errorCount}
        />

        <SubmitBar mode={mode} busy={submit.busy} draftKept={draft.draftKept} />
      </form>
      {children}
    </div>
  );
}
