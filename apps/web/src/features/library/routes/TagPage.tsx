import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EmptyState, ErrorState, NotFoundState } from '../../../components/ui/States.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useTagBooks } from '../api/tag-books.ts';
import { BookGridSkeleton, InfiniteBookGrid } from '../components/InfiniteBookGrid.tsx';
import styles from '../components/Library.module.css';

/** /app/tag/:tagId — every book with this tag, newest first. */
export function TagPage() {
  const { t } = useTranslation();
  const { tagId = '' } = useParams();
  const query = useTagBooks(tagId);

  if (query.error instanceof ApiError && query.error.status === 404) {
    return <NotFoundState title={t('browse.tagNotFound')} body={t('browse.tagNotFoundBody')} />;
  }

  const first = query.data?.pages[0];
  const books = query.data?.pages.flatMap((page) => page.books) ?? [];
  return (
    <div className={styles.page}>
      <header className={styles.pageHeader}>
        <p className={styles.kicker}>
          <Link to="/app/books">{t('browse.title')}</Link>
        </p>
        <h1>{first ? t('browse.tagTitle', { tag: first.tag.name }) : t('common.loading')}</h1>
      </header>
      {query.isPending ? (
        <BookGridSkeleton />
      ) : query.isError && !query.data ? (
        <ErrorState message={t('browse.loadFailed')} onRetry={() => void query.refetch()} />
      ) : books.length === 0 ? (
        <EmptyState>{t('browse.tagEmpty')}</EmptyState>
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

export default TagPage;
