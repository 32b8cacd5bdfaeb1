import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BookCard, BookCardSkeleton } from '#web/components/ui/BookCard.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { OfflineState } from '#web/components/ui/States.tsx';
import { categoryTitle } from '#web/features/library/format.ts';
import { useLibraryOverview } from '#web/lib/library-overview.ts';
import { needsNetwork, useOnline } from '#web/lib/online.ts';
import styles from './Library.module.css';

interface LibraryShowcaseProps {
  categoriesTitle: string;
  featuredTitle: string;
  emptyText: string;
  errorText: string;
  /** How many featured books to show (all when omitted). */
  limit?: number;
}

/** The categories and featured books of GET /api/v1/library/overview (landing and /app/home). */
export function LibraryShowcase({
  categoriesTitle,
  featuredTitle,
  emptyText,
  errorText,
  limit,
}: LibraryShowcaseProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const overview = useLibraryOverview();
  const online = useOnline();

  if (needsNetwork(overview, online)) {
    return (
      <div className={styles.section}>
        <OfflineState onRetry={() => void overview.refetch()} />
      </div>
    );
  }

  if (overview.isError) {
    return (
      <div className={`${styles.section} ${styles.empty}`} role="alert">
        <p>{errorText}</p>
        <Button variant="secondary" size="small" onClick={() => overview.refetch()}>
          {t('common.tryAgain')}
        </Button>
      </div>
    );
  }

  const data = overview.data;
  const books = data ? data.featuredBooks.slice(0, limit) : [];

  if (data && data.categories.length === 0 && books.length === 0) {
    return (
      <div className={`${styles.section} ${styles.empty}`}>
        <p>{emptyText}</p>
      </div>
    );
  }

  return (
    <div aria-busy={overview.isPending || undefined}>
      {!overview.isPending ? null : (
        <span className="visually-hidden" role="status">
          {t('common.loading')}
        </span>
      )}
      {data && data.categories.length === 0 ? null : (
        <section className={styles.section} aria-labelledby="library-categories">
          <h2 id="library-categories">{categoriesTitle}</h2>
          <ul className={styles.categories}>
            {data
              ? data.categories.map((category) => (
                  <li key={category.id}>
                    <Link className={styles.category} to={`/app/category/${encodeURIComponent(category.id)}`}>
                      <span>{categoryTitle(category, language)}</span>
                      <span className={styles.count}>
                        {t('library.bookCount', { count: category.bookCount })}
                      </span>
                    </Link>
                  </li>
                ))
              : [0, 1, 2, 3].map((i) => (
                  <li key={i} className={`${styles.skeleton} ${styles.skeletonChip}`} aria-hidden="true" />
                ))}
          </ul>
        </section>
      )}
      {data && books.length === 0 ? null : (
        <section className={styles.section} aria-labelledby="library-featured">
          <h2 id="library-featured">{featuredTitle}</h2>
          <ul className={styles.books}>
            {data
              ? books.map((book, index) => (
                  <li key={book.id}>
                    <BookCard book={book} eager={index < 2} />
                  </li>
                ))
              : [0, 1, 2, 3].map((i) => (
                  <li key={i}>
                    <BookCardSkeleton />
                  </li>
                ))}
          </ul>
        </section>
      )}
    </div>
  );
}
