import { COMMUNITY_LIMITS } from '@sahifa/contracts/community';
import { useTranslation } from 'react-i18next';
import { QueryState } from '#web/components/ui/QueryState.tsx';
import { EmptyState } from '#web/components/ui/States.tsx';
import { useThoughtFeed } from '#web/features/thoughts/api/feed.ts';
import { usePostThought } from '#web/features/thoughts/api/post-thought.ts';
import { Composer } from '#web/features/thoughts/components/Composer.tsx';
import { ThoughtList } from '#web/features/thoughts/components/ThoughtList.tsx';
import styles from '#web/features/thoughts/components/Thoughts.module.css';

/** /app/thoughts — write a thought, and everyone's thoughts, newest first. */
export function ThoughtsPage() {
  const { t } = useTranslation();
  const feed = useThoughtFeed();
  const post = usePostThought();

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
      <QueryState query={feed} error={t('thoughts.loadFailed')}>
        {(data) => {
          const thoughts = data.pages.flatMap((page) => page.items);
          return thoughts.length === 0 ? (
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
          );
        }}
      </QueryState>
    </div>
  );
}

export default ThoughtsPage;
