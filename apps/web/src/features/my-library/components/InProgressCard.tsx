import type { MyLibrary } from '@sahifa/contracts/books';
import { useTranslation } from 'react-i18next';
import { BookCard } from '#web/components/ui/BookCard.tsx';
import { ButtonLink } from '#web/components/ui/Button.tsx';
import styles from './MyLibrary.module.css';

type Entry = MyLibrary['inProgress'][number];

/** A book being read: its card, "Page N of M", and a button back to that page. */
export function InProgressCard({
  entry,
  eager = false,
  headingLevel = 3,
}: {
  entry: Entry;
  eager?: boolean;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation();
  const { book } = entry;
  const readerPath = `/app/${encodeURIComponent(book.categoryId)}/${encodeURIComponent(book.id)}`;
  return (
    <div className={styles.entry}>
      <BookCard
        book={book}
        eager={eager}
        headingLevel={headingLevel}
        extra={t('myLibrary.pageOf', { page: entry.pageNumber, count: entry.pageCount })}
      />
      <ButtonLink
        to={readerPath}
        size="small"
        variant="secondary"
        aria-label={t('myLibrary.continueBook', { title: book.title })}
      >
        {t('myLibrary.continue')}
      </ButtonLink>
    </div>
  );
}
