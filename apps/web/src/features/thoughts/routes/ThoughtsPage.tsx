import { COMMUNITY_LIMITS } from '@sahifa/contracts/community';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { EmptyState, ErrorState } from '../../../components/ui/States.tsx';
import { useThoughtFeed } from '../api/feed.ts';
import { usePostThought } from '../api/post-thought.ts';
import { Composer } from '../components/Composer.tsx';
import { ThoughtList } from '../components/ThoughtList.tsx';
import styles from '../components/Thoughts.module.css';

/** /app/thoughts — write a thought, and everyone's thoughts, newest first. */
export function ThoughtsPage() {
  const { t } = useTranslation();
  const feed = useThoughtFeed();
  const post = usePostThought();
  const thoughts = feed.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className={styles.page}>
      <h1>{t('thoughts.title')}</h1>
      <p className={styles.lead}>{t('thoughts.lead')}</p>
      <Composer
        name="content"
        label={t('thoughts.composerLabel')}
        placeholder={t('thoughts.composerPlaceholder')}
        submitLabel={t('thoughts.post')}
        busyLabel={t('thoughts.posting')}
        max={COMMUNITY_LIMITS.thought}
        busy={post.isPending}
        error={post.error}
        failedText={t('thoughts.postFailed')}
        onSubmit={(content) => post.mutateAsync(content)}
      />
      {feed.isPending ? (
        <p role="status">
          <Spinner size="small" /> {t('common.loading')}
        </p>
      ) : feed.isError ? (
        <ErrorState message={t('thoughts.loadFailed')} onRetry={() => void feed.refetch()} />
      ) : thoughts.length === 0 ? (
        <EmptyState>{t('thoughts.empty')}</EmptyState>
      ) : (
        <ThoughtList
          label={t('thoughts.feedLabel')}
          thoughts={thoughts}
          hasNextPage={feed.hasNextPage}
          isFetchingNextPage={feed.isFetchingNextPage}
          nextPageFailed={feed.isFetchNextPageError}
          fetchNextPage={() => void feed.fetchNextPage()}
        />
      )}
    </div>
  );
}

export default ThoughtsPage;
