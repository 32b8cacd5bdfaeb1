import type { SearchResults } from '@sahifa/contracts/search';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '#web/components/ui/Avatar.tsx';
import { previewPath } from '#web/lib/book-paths.ts';
import { bookAuthor, bookTitle } from '#web/lib/localized.ts';
import { formatRating } from '#web/lib/rating.ts';
import { Highlighted } from './Highlighted.tsx';
import styles from './SearchResults.module.css';

type BookResult = SearchResults['books'][number];
type MemberResult = SearchResults['members'][number];

/** A small 2:3 cover whose size is reserved before it loads. */
function Thumb({ src, title }: { src: string | null; title: string }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <span className={`${styles.thumb} ${styles.thumbEmpty}`} aria-hidden="true">
        {Array.from(title.trim())[0] ?? ''}
      </span>
    );
  }
  return (
    <img
      className={styles.thumb}
      src={src}
      alt=""
      width={56}
      height={84}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}

export function BookResults({ books, terms }: { books: BookResult[]; terms: readonly string[] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return (
    <section className={styles.group} aria-labelledby="search-books">
      <h2 id="search-books" className={styles.groupTitle}>
        {t('search.books')} <span className={styles.count}>({books.length})</span>
      </h2>
      <ul className={styles.list}>
        {books.map((book) => (
          <li key={book.id}>
            <Link className={styles.row} to={previewPath(book)}>
              <Thumb src={book.cardImage ?? book.bookImage} title={bookTitle(book, language)} />
              <span className={styles.body}>
                <span className={styles.title} dir="auto">
                  <Highlighted text={bookTitle(book, language)} terms={terms} />
                </span>
                <span className={styles.meta} dir="auto">
                  <Highlighted text={bookAuthor(book, language)} terms={terms} />
                </span>
                <span className={styles.meta}>
                  {book.ratingCount > 0
                    ? t('search.rating', {
                        rating: formatRating(book.averageRating),
                        count: book.ratingCount,
                      })
                    : t('search.noRatings')}
                  {book.source === 'member' ? (
                    <span className={styles.badge}>{t('search.memberSummary')}</span>
                  ) : null}
                </span>
                {book.snippet ? (
                  <span className={styles.snippet} dir="auto">
                    <Highlighted text={book.snippet} terms={terms} />
                  </span>
                ) : null}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function MemberResults({ members, terms }: { members: MemberResult[]; terms: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <section className={styles.group} aria-labelledby="search-members">
      <h2 id="search-members" className={styles.groupTitle}>
        {t('search.members')} <span className={styles.count}>({members.length})</span>
      </h2>
      <ul className={styles.list}>
        {members.map((member) => (
          <li key={member.userNumber}>
            <Link className={`${styles.row} ${styles.memberRow}`} to={`/app/${member.userNumber}`}>
              <Avatar name={member.displayName} image={member.photoURL} />
              <span className={styles.body}>
                <span className={styles.title} dir="auto">
                  <Highlighted text={member.displayName} terms={terms} />
                </span>
                {member.bio ? (
                  <span className={styles.snippet} dir="auto">
                    {member.bio}
                  </span>
                ) : null}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
