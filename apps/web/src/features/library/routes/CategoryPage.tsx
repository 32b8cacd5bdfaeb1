import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EmptyState, ErrorState, NotFoundState } from '../../../components/ui/States.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useCategoryBooks } from '../api/category-books.ts';
import { BookGridSkeleton, InfiniteBookGrid } from '../components/InfiniteBookGrid.tsx';
import styles from '../components/Library.module.css';
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

  const first = query.data?.pages[0];
  const books = query.data?.pages.flatMap((page) => page.books) ?? [];
  return (
    <div className={styles.page}>
      <header className={styles.pageHeader}>
        <p className={styles.kicker}>
          <Link to="/app/books">{t('browse.title')}</Link>
        </p>
        <h1>{first ? categoryTitle(first.category, language) : t('common.loading')}</h1>
        {first ? (
          <p className={styles.lead}>{t('library.bookCount', { count: first.category.bookCount })}</p>
        ) : null}
      </header>
      {query.isPending ? (
        <BookGridSkeleton />
      ) : query.isError && !query.data ? (
        <ErrorState message={t('browse.loadFailed')} onRetry={() => void query.refetch()} />
      ) : books.length === 0 ? (
        <EmptyState>{t('browse.categoryEmpty')}</EmptyState>
      ) : (
        <InfiniteBookGrid
          books={books}
          hasNextPage={query.hasNextPage}
          isFetchingNextPage={query.isFetchingNextPage}
          nextPageFailed={query.isFetchNextPageError}
          fetchNextPage={() => void query.fetchNextPage()}
        />
      )}
    </div>
  );
}

export default CategoryPage;
