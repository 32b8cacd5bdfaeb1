import { useTranslation } from 'react-i18next';
import { BookCardSkeleton } from '../../../components/ui/BookCard.tsx';
import { ButtonLink } from '../../../components/ui/Button.tsx';
import { EmptyState, ErrorState } from '../../../components/ui/States.tsx';
import { useMyLibrary } from '../api/my-library.ts';
import { InProgressCard } from './InProgressCard.tsx';
import styles from './MyLibrary.module.css';

/** The home screen's "Continue reading": the books in progress, most recent first. */
export function ContinueReading({ emptyText, limit = 6 }: { emptyText: string; limit?: number }) {
  const { t } = useTranslation();
  const library = useMyLibrary();

  if (library.isError) {
    return <ErrorState message={t('myLibrary.loadFailed')} onRetry={() => void library.refetch()} />;
  }
  if (library.isPending) {
    return (
      <ul className={styles.grid} aria-busy="true">
        {[0, 1, 2].map((i) => (
          <li key={i}>
            <BookCardSkeleton />
          </li>
        ))}
      </ul>
    );
  }
  const books = library.data.inProgress.slice(0, limit);
  if (books.length === 0) {
    return (
      <EmptyState
        action={
          <ButtonLink to="/app/books" variant="secondary" size="small">
            {t('home.browseBooks')}
          </ButtonLink>
        }
      >
        {emptyText}
      </EmptyState>
    );
  }
  return (
    <ul className={styles.grid}>
      {books.map((entry, index) => (
        <li key={entry.book.id}>
          <InProgressCard entry={entry} eager={index < 2} />
        </li>
      ))}
    </ul>
  );
}
