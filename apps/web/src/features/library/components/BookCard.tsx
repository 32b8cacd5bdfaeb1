import type { BookCard as BookCardData } from '@sahifa/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatRating } from '../format.ts';
import { BookCover } from './BookCover.tsx';
import styles from './Library.module.css';

export function BookCard({ book, eager = false }: { book: BookCardData; eager?: boolean }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const rated = book.ratingCount > 0;
  return (
    <Link
      className={styles.book}
      to={`/app/${encodeURIComponent(book.categoryId)}/preview/${encodeURIComponent(book.id)}`}
    >
      <BookCover src={book.bookImage} title={book.title} eager={eager} />
      <h3 className={styles.title}>
        <bdi>{book.title}</bdi>
      </h3>
      <p className={styles.meta}>{t('library.byAuthor', { author: book.author })}</p>
      <p className={styles.meta}>
        {rated ? (
          <span className={styles.rating}>
            <StarIcon />
            <span>
              {t('library.rating', {
                rating: formatRating(book.averageRating, language),
                count: book.ratingCount,
              })}
            </span>
          </span>
        ) : (
          t('library.noRatings')
        )}
      </p>
      {book.source === 'member' ? <span className={styles.badge}>{t('library.memberSummary')}</span> : null}
    </Link>
  );
}

function StarIcon() {
  return (
    <svg className={styles.star} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M10 1.5l2.6 5.4 5.9.8-4.3 4.1 1 5.9L10 14.9l-5.2 2.8 1-5.9L1.5 7.7l5.9-.8z"
      />
    </svg>
  );
}
