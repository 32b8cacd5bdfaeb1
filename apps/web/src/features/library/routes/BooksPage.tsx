import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BookCard, BookCardSkeleton } from '../../../components/ui/BookCard.tsx';
import { EmptyState, ErrorState } from '../../../components/ui/States.tsx';
import { useBooksByCategory } from '../api/books-by-category.ts';
import styles from '../components/Library.module.css';
import { categoryTitle } from '../format.ts';

/** /app/books — every category as a shelf of its newest books, with a link to the whole category. */
export function BooksPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const query = useBooksByCategory();

  return (
    <div className={styles.page}>
      <header className={styles.pageHeader}>
        <h1>{t('browse.title')}</h1>
        <p className={styles.lead}>{t('browse.lead')}</p>
      </header>

      {query.isError ? (
        <ErrorState message={t('browse.loadFailed')} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <div aria-busy="true">
          <span className="visually-hidden" role="status">
            {t('common.loading')}
          </span>
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
        </div>
      ) : query.data.categories.length === 0 ? (
        <EmptyState>{t('browse.libraryEmpty')}</EmptyState>
      ) : (
        query.data.categories.map((category, sectionIndex) => {
          const headingId = `category-${category.id}`;
          const title = categoryTitle(category, language);
          const to = `/app/category/${encodeURIComponent(category.id)}`;
          return (
            <section key={category.id} className={styles.section} aria-labelledby={headingId}>
              <div className={styles.sectionHeader}>
                <h2 id={headingId}>
                  <Link to={to} className={styles.headingLink}>
                    {title}
                  </Link>{' '}
                  <span className={styles.count}>
                    {t('library.bookCount', { count: category.bookCount })}
                  </span>
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
                      <BookCard book={book} eager={sectionIndex === 0 && index < 3} />
                    </li>
                  ))}
                </ul>
              )}
            </section>
          );
        })
      )}
    </div>
  );
}

export default BooksPage;
