import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { QueryState } from '#web/components/ui/QueryState.tsx';
import { createSummary } from '#web/features/publishing/api/create-summary.ts';
import { SummaryEditor } from '#web/features/publishing/components/SummaryEditor.tsx';
import { ADD_DRAFT_KEY } from '#web/features/publishing/draft.ts';
import { emptyForm } from '#web/features/publishing/form.ts';
import { previewPath } from '#web/lib/book-paths.ts';
import { useLibraryCategories } from '#web/lib/library-overview.ts';
import { LoadFailed, Loading } from './states.tsx';

/** /app/add-book — a member publishes a summary of their own. */
export function AddBookPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const categories = useLibraryCategories();
  const [initialForm] = useState(emptyForm);

  return (
    <QueryState query={categories} pending={<Loading />} error={(retry) => <LoadFailed onRetry={retry} />}>
      {(list) => (
        <SummaryEditor
          mode="add"
          title={t('publishing.addTitle')}
          intro={t('publishing.addIntro')}
          draftKey={ADD_DRAFT_KEY}
          initialForm={initialForm}
          categories={list}
          save={createSummary}
          onSaved={(saved) => {
            // The new summary shows in its category, the library, search and My Library.
            void queryClient.invalidateQueries();
            navigate(previewPath(saved));
          }}
        />
      )}
    </QueryState>
  );
}

export default AddBookPage;
