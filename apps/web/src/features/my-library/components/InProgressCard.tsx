import type { MyLibrary } from '@sahifa/contracts/books';
import { useTranslation } from 'react-i18next';
import { BookCard } from '#web/components/ui/BookCard.tsx';
import { ButtonLink } from '#web/components/ui/Button.tsx';
import { readerPath } from '#web/lib/book-paths.ts';
import { bookTitle } from '#web/lib/localized.ts';
import styles from './MyLibrary.module.css';

type Entry = MyLibrary['inProgress'][number];

/** A book being read: its card, "Page N of M", and a button back to that page, in its language. */
export function InProgressCard({
  entry,
  eager = false,
  headingLevel = 3,
}: {
  entry: Entry;
  eager?: boolean;
  headingLevel?: 2 | 3;
}) {
  const { t, i18n } = useTranslation();
  const { book } = entry;
  return (
    <div className={styles.entry}>
      <BookCard
        book={book}
        eager={eager}
        headingLevel={headingLevel}
        extra={t('myLibrary.pageOf', { page: entry.pageNumber, count: entry.pageCount })}
      />
      <ButtonLink
        to={readerPath(book, entry.lang)}
        size="small"
        variant="secondary"
        aria-label={t('myLibrary.continueBook', { title: bookTitle(book, i18n.resolvedLanguage ?? 'en') })}
      >
        {t('myLibrary.continue')}
      </ButtonLink>
    </div>
  );
}
