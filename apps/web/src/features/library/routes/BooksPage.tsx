import type { BooksByCategory } from '@sahifa/contracts/books';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BookCard, BookCardSkeleton } from '#web/components/ui/BookCard.tsx';
import { LoadingPlaceholder } from '#web/components/ui/LoadingPlaceholder.tsx';
import { QueryState } from '#web/components/ui/QueryState.tsx';
import { EmptyState } from '#web/components/ui/States.tsx';
import { useBooksByCategory } from '#web/features/library/api/books-by-category.ts';
import styles from '#web/features/library/components/Library.module.css';
import { categoryTitle } from '#web/features/library/format.ts';

/** /app/books — every category as a shelf of its newest books, with a link to the whole category. */
export function BooksPage() {
  const { t } = useTranslation();
  const query = useBooksByCategory();

  return (
    <div className={styles.page}>
      <header className={styles.pageHeader}>
        <h1>{t('browse.title')}</h1>
        <p className={styles.lead}>{t('browse.lead')}</p>
      </header>

      <QueryState query={query} error={t('browse.loadFailed')} pending={<BooksSkeleton />}>
        {(data) =>
          data.categories.length === 0 ? (
            <EmptyState>{t('browse.libraryEmpty')}</EmptyState>
          ) : (
            data.categories.map((category, sectionIndex) => (
              <CategoryShelf key={category.id} category={category} eager={sectionIndex === 0} />
            ))
          )
        }
      </QueryState>
    </div>
  );
}

type ShelfCategory = BooksByCategory['categories'][number];

/** One category: its title, its size, a link to all of it and its newest books. */
function CategoryShelf({ category, eager }: { category: ShelfCategory; eager: boolean }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const headingId = `category-${category.id}`;
  const title = categoryTitle(category, language);
  const to = `/app/category/${encodeURIComponent(category.id)}`;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className={styles.sectionHeader}>
        <h2 id={headingId}>
          <Link to={to} className={styles.headingLink}>
            {title}
          </Link>{' '}
          <span className={styles.count}>{t('library.bookCount', { count: category.bookCount })}</span>
        </h2>
        {category.books.length > 0 ? (
          <Link className={styles.seeAll} to={to} aria-label={t('browse.seeAllIn', { title })}>
            {t('browse.seeAll')}
          </Link>
        ) : null}
      </div>
      {category.books.length === 0 ? (
        <div className={styles.shelfEmpty}>
          <EmptyState>{t('browse.categoryEmpty')}</EmptyState>
        </div>
      ) : (
        <ul className={styles.shelf}>
          {category.books.map((book, index) => (
            <li key={book.id}>
              <BookCard book={book} eager={eager && index < 3} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function BooksSkeleton() {
  return (
    <LoadingPlaceholder>
      {[0, 1].map((section) => (
        <section key={section} className={styles.section} aria-hidden="true">
          <div className={`${styles.skeleton} ${styles.skeletonHeading}`} />
          <ul className={styles.shelf}>
            {[0, 1, 2, 3, 4, 5].map((i) => (
              <li key={i}>
                <BookCardSkeleton />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </LoadingPlaceholder>
  );
}

export default BooksPage;
