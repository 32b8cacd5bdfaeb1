import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Alert } from '#web/components/ui/Alert.tsx';
import { useDeleteSummary } from '#web/features/publishing/api/delete-summary.ts';
import { useEditableSummary } from '#web/features/publishing/api/editable-summary.ts';
import { updateSummary } from '#web/features/publishing/api/update-summary.ts';
import { ConfirmAction } from '#web/features/publishing/components/ConfirmAction.tsx';
import editor from '#web/features/publishing/components/SummaryEditor.module.css';
import { SummaryEditor } from '#web/features/publishing/components/SummaryEditor.tsx';
import { clearDraft, editDraftKey } from '#web/features/publishing/draft.ts';
import { formFromEditable } from '#web/features/publishing/form.ts';
import { serverErrorKey } from '#web/features/publishing/server-error.ts';
import { ApiError } from '#web/lib/api.ts';
import { previewPath } from '#web/lib/book-paths.ts';
import { useLibraryCategories } from '#web/lib/library-overview.ts';
import { bookTitle, isolate } from '#web/lib/localized.ts';
import { CannotEdit, LoadFailed, Loading } from './states.tsx';

/** /app/edit-book/:bookId — the author edits (or deletes) their summary. */
export function EditBookPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const bookId = useParams().bookId ?? '';
  const summary = useEditableSummary(bookId);
  const categories = useLibraryCategories();
  const remove = useDeleteSummary(bookId);
  const initialForm = useMemo(() => (summary.data ? formFromEditable(summary.data) : null), [summary.data]);

  if (summary.isError) {
    const status = summary.error instanceof ApiError ? summary.error.status : 0;
    if (status === 404) return <CannotEdit reason="notFound" />;
    if (status === 403) return <CannotEdit reason="forbidden" />;
    return <LoadFailed onRetry={() => summary.refetch()} />;
  }
  if (categories.isError) return <LoadFailed onRetry={() => categories.refetch()} />;
  if (!summary.data || !initialForm || !categories.data) return <Loading />;

  const { categoryId } = summary.data;
  const title = isolate(bookTitle(summary.data, i18n.resolvedLanguage ?? 'en'));
  const draftKey = editDraftKey(bookId);
  const deleteFailure = remove.error ? serverErrorKey(remove.error) : null;

  return (
    <SummaryEditor
      // A new summary (another id) starts a new form.
      key={bookId}
      mode="edit"
      title={t('publishing.editTitle')}
      intro={t('publishing.editIntro', { title })}
      draftKey={draftKey}
      initialForm={initialForm}
      currentCover={summary.data.bookImage}
      categories={categories.data}
      save={(upload) => updateSummary(bookId, upload)}
      onSaved={(saved) => {
        void queryClient.invalidateQueries();
        navigate(previewPath(saved));
      }}
    >
      <section className={`${editor.card} ${editor.danger}`} aria-labelledby="delete-summary">
        <h2 id="delete-summary" className={editor.cardTitle}>
          {t('publishing.delete.title')}
        </h2>
        <p className={editor.muted}>{t('publishing.delete.body')}</p>
        {deleteFailure ? (
          <Alert tone="error">
            <p>{t(`publishing.serverErrors.${deleteFailure.key}`)}</p>
            {deleteFailure.detail ? <p dir="auto">{deleteFailure.detail}</p> : null}
          </Alert>
        ) : null}
        <div>
          <ConfirmAction
            variant="secondary"
            label={t('publishing.delete.button')}
            question={t('publishing.delete.question', { title })}
            confirmLabel={t('publishing.delete.confirm')}
            busy={remove.isPending}
            onConfirm={() =>
              remove.mutate(undefined, {
                onSuccess: () => {
                  clearDraft(draftKey);
                  navigate(`/app/category/${encodeURIComponent(categoryId)}`, { replace: true });
                  // The book is gone: forget it, and refresh the lists it was in.
                  const gone = (key: readonly unknown[]) => key[0] === 'book' && key[1] === bookId;
                  void queryClient.invalidateQueries({ predicate: (query) => !gone(query.queryKey) });
                  queryClient.removeQueries({ predicate: (query) => gone(query.queryKey) });
                },
              })
            }
          />
        </div>
      </section>
    </SummaryEditor>
  );
}

export default EditBookPage;
