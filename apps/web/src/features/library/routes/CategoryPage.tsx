import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NotFoundState } from '../../../components/ui/States.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useCategoryBooks } from '../api/category-books.ts';
import { BookListScreen } from '../components/BookListScreen.tsx';
import { categoryTitle } from '../format.ts';

/** /app/category/:categoryId — official and member summaries of one category, newest first. */
export function CategoryPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const { categoryId = '' } = useParams();
  const query = useCategoryBooks(categoryId);

  if (query.error instanceof ApiError && query.error.status === 404) {
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
