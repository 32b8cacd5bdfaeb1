import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NotFoundState } from '#web/components/ui/States.tsx';
import { useCategoryBooks } from '#web/features/library/api/category-books.ts';
import { BookListScreen } from '#web/features/library/components/BookListScreen.tsx';
import { categoryTitle } from '#web/features/library/format.ts';
import { isNotFoundError } from '#web/lib/api.ts';

/** /app/category/:categoryId — official and member summaries of one category, newest first. */
export function CategoryPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const { categoryId = '' } = useParams();
  const query = useCategoryBooks(categoryId);

  if (isNotFoundError(query.error)) {
    return <NotFoundState title={t('browse.categoryNotFound')} body={t('browse.categoryNotFoundBody')} />;
  }
  const category = query.data?.pages[0]?.category;
  return (
    <BookListScreen
      title={category ? categoryTitle(category, language) : null}
      lead={category ? t('library.bookCount', { count: category.bookCount }) : null}
      emptyText={t('browse.categoryEmpty')}
      query={query}
    />
  );
}

export default CategoryPage;
