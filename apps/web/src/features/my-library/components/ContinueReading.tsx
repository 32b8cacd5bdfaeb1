import { useTranslation } from 'react-i18next';
import { BookCardSkeleton } from '#web/components/ui/BookCard.tsx';
import { QueryState } from '#web/components/ui/QueryState.tsx';
import { PHONE, useMediaQuery } from '#web/components/ui/use-media-query.ts';
import { useMyLibrary } from '#web/features/my-library/api/my-library.ts';
import { EmptyShelf } from './EmptyShelf.tsx';
import { InProgressCard } from './InProgressCard.tsx';
import rows from './InProgressRow.module.css';
import { InProgressRow, InProgressRowSkeleton } from './InProgressRow.tsx';
import styles from './MyLibrary.module.css';

/** The home screen's "Continue reading": the books in progress, most recent first (rows on phones). */
export function ContinueReading({ emptyText, limit = 6 }: { emptyText: string; limit?: number }) {
  const { t } = useTranslation();
  const library = useMyLibrary();
  const phone = useMediaQuery(PHONE);

  return (
    <QueryState
      query={library}
      error={t('myLibrary.loadFailed')}
      pending={<ContinueSkeleton phone={phone} />}
    >
      {(data) => {
        const books = data.inProgress.slice(0, limit);
        if (books.length === 0) {
          return <EmptyShelf text={emptyText} />;
        }
        return (
          <ul className={phone ? rows.list : styles.grid}>
            {books.map((entry, index) => (
              <li key={entry.book.id}>
                {phone ? (
                  <InProgressRow entry={entry} eager={index < 3} />
                ) : (
                  <InProgressCard entry={entry} eager={index < 2} />
                )}
              </li>
            ))}
          </ul>
        );
      }}
    </QueryState>
  );
}

function ContinueSkeleton({ phone }: { phone: boolean }) {
  return (
    <ul className={phone ? rows.list : styles.grid} aria-busy="true">
      {[0, 1, 2].map((i) => (
        <li key={i}>{phone ? <InProgressRowSkeleton /> : <BookCardSkeleton />}</li>
      ))}
    </ul>
  );
}
