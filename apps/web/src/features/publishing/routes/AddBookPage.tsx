import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { previewPath } from '../../../components/ui/BookCard.tsx';
import { useCategories } from '../api/categories.ts';
import { createSummary } from '../api/create-summary.ts';
import { SummaryEditor } from '../components/SummaryEditor.tsx';
import { ADD_DRAFT_KEY } from '../draft.ts';
import { emptyForm } from '../form.ts';
import { LoadFailed, Loading } from './states.tsx';

/** /app/add-book — a member publishes a summary of their own. */
export function AddBookPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const categories = useCategories();
  const [initialForm] = useState(emptyForm);

  if (categories.isPending) return <Loading />;
  if (categories.isError) return <LoadFailed onRetry={() => categories.refetch()} />;

  return (
    <SummaryEditor
      mode="add"
      title={t('publishing.addTitle')}
      intro={t('publishing.addIntro')}
      draftKey={ADD_DRAFT_KEY}
      initialForm={initialForm}
      categories={categories.data}
      save={createSummary}
      onSaved={(saved) => {
        // The new summary shows in its category, the library, search and My Library.
        void queryClient.invalidateQueries();
        navigate(previewPath(saved));
      }}
    />
  );
}

export default AddBookPage;
