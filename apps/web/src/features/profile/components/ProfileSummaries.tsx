import type { SummaryPage } from '@sahifa/contracts/community';
import { useTranslation } from 'react-i18next';
import { BookCard } from '#web/components/ui/BookCard.tsx';
import { LoadMore } from '#web/components/ui/LoadMore.tsx';
import { EmptyState } from '#web/components/ui/States.tsx';
import { useMemberSummaries } from '#web/features/profile/api/profile.ts';
import styles from './Profile.module.css';

interface ProfileSummariesProps {
  userNumber: number;
  firstPage: SummaryPage;
  loadedAt: number;
  emptyText: string;
}

/** The summaries a member published, newest first: the profile's first page, then "show more". */
export function ProfileSummaries({ userNumber, firstPage, loadedAt, emptyText }: ProfileSummariesProps) {
  const { t } = useTranslation();
  const query = useMemberSummaries(userNumber, firstPage, loadedAt);
  const books = query.data.pages.flatMap((page) => page.items);
  if (books.length === 0) return <EmptyState>{emptyText}</EmptyState>;
  return (
    <>
      <ul className={styles.books}>
        {books.map((book) => (
          <li key={book.id}>
            <BookCard book={book} />
          </li>
        ))}
      </ul>
      {query.hasNextPage ? (
        <LoadMore
          label={t('profile.moreSummaries')}
          failedText={t('profile.moreSummariesFailed')}
          failed={query.isFetchNextPageError}
          busy={query.isFetchingNextPage}
          onLoad={() => void query.fetchNextPage()}
        />
      ) : null}
    </>
  );
}
