import type { Thought } from '@sahifa/contracts/community';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/Button.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { useLoadOnScroll } from '#web/lib/use-load-on-scroll.ts';
import { ThoughtCard } from './ThoughtCard.tsx';
import styles from './Thoughts.module.css';

interface ThoughtListProps {
  thoughts: Thought[];
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  nextPageFailed: boolean;
  fetchNextPage: () => void;
  label: string;
  headingLevel?: 2 | 3;
}

/** Thoughts that load more as the end scrolls into view, with a "Load more" button as well. */
export function ThoughtList({
  thoughts,
  hasNextPage,
  isFetchingNextPage,
  nextPageFailed,
  fetchNextPage,
  label,
  headingLevel,
}: ThoughtListProps) {
  const { t } = useTranslation();
  const sentinel = useLoadOnScroll<HTMLDivElement>(
    hasNextPage && !isFetchingNextPage && !nextPageFailed,
    fetchNextPage,
  );

  return (
    <>
      <ol className={styles.list} aria-label={label}>
        {thoughts.map((thought) => (
          <li key={thought.id}>
            <ThoughtCard thought={thought} headingLevel={headingLevel} />
          </li>
        ))}
      </ol>
      <div ref={sentinel} className={styles.more}>
        {isFetchingNextPage ? (
          <span role="status">
            <Spinner size="small" /> {t('browse.loadingMore')}
          </span>
        ) : hasNextPage ? (
          <>
            {nextPageFailed ? (
              <p className={styles.error} role="alert">
                {t('thoughts.loadMoreFailed')}
              </p>
            ) : null}
            <Button variant="secondary" onClick={() => fetchNextPage()}>
              {t('thoughts.loadMore')}
            </Button>
          </>
        ) : thoughts.length > 0 ? (
          <p className={styles.end}>{t('thoughts.end')}</p>
        ) : null}
      </div>
    </>
  );
}
