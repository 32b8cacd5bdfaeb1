import type { MyLibrary } from '@sahifa/contracts/books';
import type { Key } from 'react-aria-components';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BookCard, BookCardSkeleton } from '#web/components/ui/BookCard.tsx';
import { LoadingPlaceholder } from '#web/components/ui/LoadingPlaceholder.tsx';
import { QueryState } from '#web/components/ui/QueryState.tsx';
import { useMyLibrary } from '#web/features/my-library/api/my-library.ts';
import { EmptyShelf } from '#web/features/my-library/components/EmptyShelf.tsx';
import { InProgressCard } from '#web/features/my-library/components/InProgressCard.tsx';
import styles from '#web/features/my-library/components/MyLibrary.module.css';
import { formatDate } from '#web/lib/time.ts';

const TABS = ['bookmarked', 'in-progress', 'finished'] as const;
type TabId = (typeof TABS)[number];

function tabFromParam(value: string | null): TabId {
  return (TABS as readonly string[]).includes(value ?? '') ? (value as TabId) : 'bookmarked';
}

/** /app/my-library — bookmarks, books in progress and finished books, from one request. */
export function MyLibraryPage() {
  const { t } = useTranslation();
  const library = useMyLibrary();
  const [searchParams, setSearchParams] = useSearchParams();
  const selected = tabFromParam(searchParams.get('tab'));

  function select(key: Key) {
    const next = new URLSearchParams(searchParams);
    next.set('tab', String(key));
    setSearchParams(next, { replace: true, preventScrollReset: true });
  }

  return (
    <div className={styles.page}>
      <header>
        <h1>{t('myLibrary.title')}</h1>
      </header>
      <QueryState query={library} error={t('myLibrary.loadFailed')} pending={<MyLibrarySkeleton />}>
        {(data) => (
          <Tabs selectedKey={selected} onSelectionChange={select}>
            <TabList className={styles.tabList} aria-label={t('myLibrary.tabsLabel')}>
              <Tab id="bookmarked" className={styles.tab}>
                {t('myLibrary.bookmarked')}
                <span className={styles.tabCount}>{data.bookmarked.length}</span>
              </Tab>
              <Tab id="in-progress" className={styles.tab}>
                {t('myLibrary.inProgress')}
                <span className={styles.tabCount}>{data.inProgress.length}</span>
              </Tab>
              <Tab id="finished" className={styles.tab}>
                {t('myLibrary.finished')}
                <span className={styles.tabCount}>{data.finished.length}</span>
              </Tab>
            </TabList>
            <TabPanel id="bookmarked" className={styles.panel}>
              <Bookmarked data={data} />
            </TabPanel>
            <TabPanel id="in-progress" className={styles.panel}>
              <InProgress data={data} />
            </TabPanel>
            <TabPanel id="finished" className={styles.panel}>
              <Finished data={data} />
            </TabPanel>
          </Tabs>
        )}
      </QueryState>
    </div>
  );
}

function MyLibrarySkeleton() {
  return (
    <LoadingPlaceholder>
      <div className={styles.skeleton} />
      <ul className={styles.grid} aria-hidden="true">
        {[0, 1, 2, 3].map((i) => (
          <li key={i}>
            <BookCardSkeleton />
          </li>
        ))}
      </ul>
    </LoadingPlaceholder>
  );
}

function Bookmarked({ data }: { data: MyLibrary }) {
  const { t } = useTranslation();
  if (data.bookmarked.length === 0) return <EmptyShelf text={t('myLibrary.bookmarkedEmpty')} />;
  return (
    <ul className={styles.grid}>
      {data.bookmarked.map(({ book }, index) => (
        <li key={book.id}>
          <BookCard book={book} eager={index < 4} headingLevel={2} />
        </li>
      ))}
    </ul>
  );
}

function InProgress({ data }: { data: MyLibrary }) {
  const { t } = useTranslation();
  if (data.inProgress.length === 0) return <EmptyShelf text={t('myLibrary.inProgressEmpty')} />;
  return (
    <ul className={styles.grid}>
      {data.inProgress.map((entry, index) => (
        <li key={entry.book.id}>
          <InProgressCard entry={entry} eager={index < 4} headingLevel={2} />
        </li>
      ))}
    </ul>
  );
}

function Finished({ data }: { data: MyLibrary }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  if (data.finished.length === 0) return <EmptyShelf text={t('myLibrary.finishedEmpty')} />;
  return (
    <ul className={styles.grid}>
      {data.finished.map(({ book, finishedAt }, index) => (
        <li key={book.id}>
          <BookCard
            book={book}
            eager={index < 4}
            headingLevel={2}
            extra={t('myLibrary.finishedOn', { date: formatDate(finishedAt, language) })}
          />
        </li>
      ))}
    </ul>
  );
}

export default MyLibraryPage;
