import type { BookCard as BookCardData } from '@sahifa/contracts';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { previewPath } from '#web/lib/book-paths.ts';
import { bookAuthor, bookTitle } from '#web/lib/localized.ts';
import { formatRating } from '#web/lib/rating.ts';
import styles from './BookCard.module.css';
import { BookCover } from './BookCover.tsx';
import { Stars } from './Stars.tsx';

interface BookCardProps {
  book: BookCardData;
  eager?: boolean;
  /** A line under the rating (e.g. "Page 2 of 4", "Finished on …"). */
  extra?: ReactNode;
  /** Heading level of the title in the page outline. */
  headingLevel?: 2 | 3 | 4;
}

/** Cover, title, author and average rating, linking to the book's preview. */
export function BookCard({ book, eager = false, extra, headingLevel = 3 }: BookCardProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const rated = book.ratingCount > 0;
  const Heading = `h${headingLevel}` as const;
  const rating = formatRating(book.averageRating);
  const title = bookTitle(book, language);
  return (
    <Link className={styles.book} to={previewPath(book)}>
      <BookCover src={book.bookImage} cardSrc={book.cardImage} title={title} eager={eager} />
      <Heading className={styles.title}>
        <bdi>{title}</bdi>
      </Heading>
      <p className={styles.meta}>
        <Trans
          i18nKey="library.byLine"
          values={{ author: bookAuthor(book, language) }}
          components={{ author: <bdi /> }}
        />
      </p>
      <p className={styles.meta}>
        {rated ? (
          <span className={styles.rating}>
            <Stars
              value={book.averageRating}
              label={t('library.rating', { rating, count: book.ratingCount })}
            />
            <span aria-hidden="true">
              {rating} ({book.ratingCount})
            </span>
          </span>
        ) : (
          t('library.noRatings')
        )}
      </p>
      {extra ? <p className={`${styles.meta} ${styles.extra}`}>{extra}</p> : null}
      {book.source === 'member' ? <span className={styles.badge}>{t('library.memberSummary')}</span> : null}
    </Link>
  );
}

/** The shape of a card while its data loads (same size: nothing jumps). */
export function BookCardSkeleton() {
  return (
    <div className={styles.book} aria-hidden="true">
      <div className={`${styles.cover} ${styles.skeleton}`} />
      <div className={`${styles.skeleton} ${styles.skeletonLine}`} />
      <div className={`${styles.skeleton} ${styles.skeletonLine}`} />
    </div>
  );
}
