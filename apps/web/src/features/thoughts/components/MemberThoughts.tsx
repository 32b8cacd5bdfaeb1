import type { ThoughtPage } from '@sahifa/contracts/community';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '#web/components/ui/States.tsx';
import { useMemberThoughts } from '#web/features/thoughts/api/feed.ts';
import { ThoughtList } from './ThoughtList.tsx';

interface MemberThoughtsProps {
  userNumber: number;
  firstPage: ThoughtPage;
  loadedAt: number;
  emptyText: string;
}

/** One member's thoughts (on their profile), with likes and "load more". */
export function MemberThoughts({ userNumber, firstPage, loadedAt, emptyText }: MemberThoughtsProps) {
  const { t } = useTranslation();
  const query = useMemberThoughts(userNumber, firstPage, loadedAt);
  const thoughts = query.data.pages.flatMap((page) => page.items);
  if (thoughts.length === 0) return <EmptyState>{emptyText}</EmptyState>;
  return (
    <ThoughtList
      label={t('thoughts.memberLabel')}
      thoughts={thoughts}
      hasNextPage={query.hasNextPage}
      isFetchingNextPage={query.isFetchingNextPage}
      nextPageFailed={query.isFetchNextPageError}
      fetchNextPage={() => void query.fetchNextPage()}
      headingLevel={3}
    />
  );
}
