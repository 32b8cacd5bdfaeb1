import { useTranslation } from 'react-i18next';
import { LoadMore } from '#web/components/ui/LoadMore.tsx';
import styles from './Console.module.css';

/** What a paged list query tells its footer. */
export interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
}

/** "Load more" while there is more, then a quiet end line. */
export function ListFooter({ query }: { query: PagedQuery }) {
  const { t } = useTranslation();
  if (!query.hasNextPage) return <p className={styles.end}>{t('admin.end')}</p>;
  return (
    <LoadMore
      label={t('admin.loadMore')}
      failedText={t('admin.loadMoreFailed')}
      failed={query.isFetchNextPageError}
      busy={query.isFetchingNextPage}
      onLoad={() => void query.fetchNextPage()}
    />
  );
}
