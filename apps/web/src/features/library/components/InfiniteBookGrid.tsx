import type { BookCard as BookCardData } from '@sahifa/contracts';
import { useTranslation } from 'react-i18next';
import { BookCard, BookCardSkeleton } from '#web/components/ui/BookCard.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { LoadingPlaceholder } from '#web/components/ui/LoadingPlaceholder.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { useLoadOnScroll } from '#web/lib/use-load-on-scroll.ts';
import styles from './Library.module.css';

interface InfiniteBookGridProps {
  books: BookCardData[];
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** The last "load more" failed: stop loading on scroll until the member retries. */
  nextPageFailed: boolean;
  fetchNextPage: () => void;
}

/**
 * A grid that loads the next page as its end scrolls into view, with a "Load more" button for
 * keyboard and screen-reader users (and for browsers without IntersectionObserver).
 */
export function InfiniteBookGrid({
  books,
  hasNextPage,
  isFetchingNextPage,
  nextPageFailed,
  fetchNextPage,
}: InfiniteBookGridProps) {
  const { t } = useTranslation();
  const sentinel = useLoadOnScroll<HTMLDivElement>(
    hasNextPage && !isFetchingNextPage && !nextPageFailed,
    fetchNextPage,
  );

  return (
    <>
      <ul className={styles.books}>
        {books.map((book, index) => (
          <li key={book.id}>
            <BookCard book={book} eager={index < 4} headingLevel={2} />
          </li>
        ))}
        {isFetchingNextPage
          ? [0, 1, 2, 3].map((i) => (
              <li key={`skeleton-${i}`}>
                <BookCardSkeleton />
              </li>
            ))
          : null}
      </ul>
      <div ref={sentinel} className={styles.more}>
        {isFetchingNextPage ? (
          <span className={styles.loadingMore} role="status">
            <Spinner size="small" />
            {t('browse.loadingMore')}
          </span>
        ) : hasNextPage ? (
          <>
            {nextPageFailed ? (
              <p className={styles.moreError} role="alert">
                {t('browse.loadMoreFailed')}
              </p>
            ) : null}
            <Button variant="secondary" onClick={() => fetchNextPage()}>
              {t('browse.loadMore')}
            </Button>
          </>
        ) : books.length > 0 ? (
          <p className={styles.end}>{t('browse.end')}</p>
        ) : null}
      </div>
    </>
  );
}

/** The first page is loading: a grid of card shapes. */
export function BookGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <LoadingPlaceholder>
      <ul className={styles.books}>
        {Array.from({ length: count }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <li key={i}>
            <BookCardSkeleton />
          </li>
        ))}
      </ul>
    </LoadingPlaceholder>
  );
}
