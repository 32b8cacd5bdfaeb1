import type { BookCard } from '@sahifa/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryState } from '#web/components/ui/QueryState.tsx';
import { EmptyState } from '#web/components/ui/States.tsx';
import { usePageName } from '#web/lib/page-name.ts';
import { BookGridSkeleton, InfiniteBookGrid } from './InfiniteBookGrid.tsx';
import styles from './Library.module.css';

interface BookListScreenProps {
  /** The heading; null while the first page loads. */
  title: string | null;
  lead?: string | null;
  emptyText: string;
  /** An infinite query whose pages hold `books` (a category's or a tag's). */
  query: {
    data: { pages: { books: BookCard[] }[] } | undefined;
    error: unknown;
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
  usePageName(title);
  return (
    <div className={styles.page}>
      <header className={styles.pageHeader}>
        <p className={styles.kicker}>
          <Link to="/app/books">{t('browse.title')}</Link>
        </p>
        <h1>{title ?? t('common.loading')}</h1>
        {lead ? <p className={styles.lead}>{lead}</p> : null}
      </header>
      <QueryState query={query} error={t('browse.loadFailed')} pending={<BookGridSkeleton />} keepDataOnError>
        {(data) => {
          const books = data.pages.flatMap((page) => page.books);
          return books.length === 0 ? (
            <EmptyState>{emptyText}</EmptyState>
          ) : (
            <InfiniteBookGrid
              books={books}
              hasNextPage={query.hasNextPage}
              isFetchingNextPage={query.isFetchingNextPage}
              nextPageFailed={query.isFetchNextPageError}
              fetchNextPage={() => void query.fetchNextPage()}
            />
          );
        }}
      </QueryState>
    </div>
  );
}
