import { LIMITS } from '@sahifa/contracts/library';
import { searchTerms } from '@sahifa/contracts/search-text';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/Button.tsx';
import { SearchBox } from '#web/components/ui/SearchBox.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { cleanQuery, useSearch } from '#web/features/search/api/search.ts';
import { BookResults, MemberResults } from '#web/features/search/components/SearchResults.tsx';
import { useLibraryCategories } from '#web/lib/library-overview.ts';
import { useUrlSearchBox } from '#web/lib/use-url-search-box.ts';
import styles from './SearchPage.module.css';

const DEBOUNCE_MS = 250;

/** What goes into ?q= for what is typed ('' removes the parameter). */
const urlValue = (text: string) => (text.trim() ? text : '');

/**
 * /app/search — one box; results as you type. The URL's ?q= is the query (reload, back and shared
 * links show the same results); the box writes it after a short pause.
 */
export function SearchPage() {
  const { t } = useTranslation();
  const {
    urlQuery,
    text,
    setText,
    submit: onSubmit,
  } = useUrlSearchBox({
    debounceMs: DEBOUNCE_MS,
    toUrl: urlValue,
  });

  const query = cleanQuery(urlQuery);
  const search = useSearch(query);
  const data = query ? search.data : undefined;
  const terms = useMemo(
    () => (data && data.terms.length > 0 ? data.terms : searchTerms(query)),
    [data, query],
  );
  const updating = search.isFetching && search.isPlaceholderData;
  const total = data ? data.books.length + data.members.length : 0;
  // One live region, always present, so screen readers hear each new answer.
  const announcement = !query
    ? ''
    : search.isError
      ? '' // the error notice below is an alert of its own
      : !data || updating
        ? t('search.searching')
        : total === 0
          ? t('search.noResults', { query })
          : t('search.found', {
              books: t('search.bookCount', { count: data.books.length }),
              members: t('search.memberCount', { count: data.members.length }),
            });

  return (
    <div className={styles.page}>
      <h1>{t('search.title')}</h1>
      <SearchBox
        label={t('search.label')}
        value={text}
        onChange={setText}
        onSubmit={onSubmit}
        placeholder={t('search.placeholder')}
        maxLength={LIMITS.searchQuery}
        busy={updating}
        // The screen exists to search: the box is the first thing to use.
        autoFocus
        large
      />

      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      <div className={styles.results} aria-busy={search.isFetching || undefined}>
        {!query ? (
          <EmptyState />
        ) : search.isError ? (
          <div className={styles.notice} role="alert">
            <p>{t('search.error')}</p>
            <Button variant="secondary" size="small" onClick={() => search.refetch()}>
              {t('common.tryAgain')}
            </Button>
          </div>
        ) : !data ? (
          <p className={styles.status}>
            <Spinner size="small" /> {t('search.searching')}
          </p>
        ) : total === 0 ? (
          <div className={styles.notice}>
            <p dir="auto">{t('search.noResults', { query })}</p>
            <p className={styles.muted}>{t('search.noResultsHint')}</p>
          </div>
        ) : (
          <div className={updating ? styles.stale : undefined}>
            {data.books.length > 0 ? <BookResults books={data.books} terms={terms} /> : null}
            {data.members.length > 0 ? <MemberResults members={data.members} terms={terms} /> : null}
          </div>
        )}
      </div>
    </div>
  );
}

/** Before anything is typed: what can be searched, and the categories to browse instead. */
function EmptyState() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const categories = useLibraryCategories();
  return (
    <div className={styles.empty}>
      <p className={styles.muted}>{t('search.hint')}</p>
      {categories.data && categories.data.length > 0 ? (
        <section aria-labelledby="search-categories">
          <h2 id="search-categories" className={styles.subTitle}>
            {t('search.browseCategories')}
          </h2>
          <ul className={styles.chips}>
            {categories.data.map((category) => (
              <li key={category.id}>
                <Link className={styles.chip} to={`/app/category/${encodeURIComponent(category.id)}`}>
                  {language === 'ar' && category.titleAr.trim() ? category.titleAr : category.title}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

export default SearchPage;
