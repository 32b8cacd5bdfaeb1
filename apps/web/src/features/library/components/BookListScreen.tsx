import type { BookCard } from '@sahifa/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState, ErrorState } from '../../../components/ui/States.tsx';
import { BookGridSkeleton, InfiniteBookGrid } from './InfiniteBookGrid.tsx';
import styles from './Library.module.css';

interface BookListScreenProps {
  /** The heading; null while the first page loads. */
  title: string | null;
  lead?: string | null;
  emptyText: string;
  /** An infinite query whose pages hold `books` (a category's or a tag's). */
  query: {
    data?: { pages: { books: BookCard[] }[] };
    isPending: boolean;
    isError: boolean;
    refetch: () => unknown;
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    isFetchNextPageError: boolean;
    fetchNextPage: () => unknown;
  };
}

/** A screen listing books newest first with infinite scroll: a category's, a tag's. */
export function BookListScreen({ title, lead, emptyText, query }: BookListScreenProps) {
  const { t } = useTranslation();
  const books = query.data?.pages.flatMap((page) => page.books) ?? [];
  return (
    <div className={styles.page}>
      <header className={styles.pageHeader}>
        <p className={styles.kicker}>
          <Link to="/app/books">{t('browse.title')}</Link>
        </p>
        <h1>{title ?? t('common.loading')}</h1>
        {lead ? <p className={styles.lead}>{lead}</p> : null}
      </header>
      {query.isPending ? (
        <BookGridSkeleton />
      ) : query.isError && !query.data ? (
        <ErrorState message={t('browse.loadFailed')} onRetry={() => void query.refetch()} />
      ) : books.length === 0 ? (
        <EmptyState>{emptyText}</EmptyState>
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
