import type { MyLibrary } from '@sahifa/contracts/books';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BookCover } from '#web/components/ui/BookCover.tsx';
import { readerPath } from '#web/lib/book-paths.ts';
import { bookTitle } from '#web/lib/localized.ts';
import styles from './InProgressRow.module.css';

type Entry = MyLibrary['inProgress'][number];

/** Share of the book read, 0–100, for the progress bar. */
export function progressPercent(pageNumber: number, pageCount: number): number {
  if (!(pageCount > 0) || !(pageNumber > 0)) return 0;
  return Math.min(100, Math.round((pageNumber / pageCount) * 100));
}

/**
 * A book being read, on a phone: one compact row (small cover, title, "Page N of M", progress)
 * leading back to the page (InProgressCard is the wider screens' card).
 */
export function InProgressRow({
  entry,
  eager = false,
  headingLevel = 3,
}: {
  entry: Entry;
  eager?: boolean;
  headingLevel?: 2 | 3;
}) {
  const { t, i18n } = useTranslation();
  const pageId = useId();
  const { book } = entry;
  const title = bookTitle(book, i18n.resolvedLanguage ?? 'en');
  const Heading = `h${headingLevel}` as const;
  return (
    <Link
      className={styles.row}
      to={readerPath(book, entry.lang)}
      aria-label={t('myLibrary.continueBook', { title })}
      aria-describedby={pageId}
    >
      <BookCover
        className={styles.cover}
        src={book.cardImage ?? book.bookImage}
        title={title}
        eager={eager}
      />
      <span className={styles.body}>
        <Heading className={styles.title}>
          <bdi>{title}</bdi>
        </Heading>
        <span id={pageId} className={styles.page}>
          {t('myLibrary.pageOf', { page: entry.pageNumber, count: entry.pageCount })}
        </span>
        <span className={styles.track} aria-hidden="true">
          <span
            className={styles.fill}
            style={{ inlineSize: `${progressPercent(entry.pageNumber, entry.pageCount)}%` }}
          />
        </span>
      </span>
    </Link>
  );
}

/** The shape of a row while the list loads. */
export function InProgressRowSkeleton() {
  return (
    <div className={styles.row} aria-hidden="true">
      <span className={`${styles.cover} ${styles.skeleton}`} />
      <span className={styles.body}>
        <span className={`${styles.skeleton} ${styles.skeletonLine}`} />
        <span className={`${styles.skeleton} ${styles.skeletonLine}`} />
      </span>
    </div>
  );
}
