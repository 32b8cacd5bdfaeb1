import type { BookPreview } from '@sahifa/contracts/books';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { BookCover } from '#web/components/ui/BookCover.tsx';
import { ButtonLink } from '#web/components/ui/Button.tsx';
import { DeleteWithConfirm } from '#web/components/ui/DeleteWithConfirm.tsx';
import { Icon } from '#web/components/ui/Icon.tsx';
import { LoadingPlaceholder } from '#web/components/ui/LoadingPlaceholder.tsx';
import { QueryState } from '#web/components/ui/QueryState.tsx';
import { ReportButton } from '#web/components/ui/ReportButton.tsx';
import { Stars } from '#web/components/ui/Stars.tsx';
import { NotFoundState } from '#web/components/ui/States.tsx';
import { useBookPreview } from '#web/features/library/api/book-preview.ts';
import { useDeleteBook } from '#web/features/library/api/delete-book.ts';
import { BookmarkToggle } from '#web/features/library/components/BookmarkToggle.tsx';
import styles from '#web/features/library/components/Preview.module.css';
import { categoryTitle } from '#web/features/library/format.ts';
import { readingAction } from '#web/features/library/reading-action.ts';
import { assistantPath } from '#web/lib/assistant-path.ts';
import { bookAuthor, bookTitle, isolate, tagName } from '#web/lib/localized.ts';
import { usePageName } from '#web/lib/page-name.ts';
import { formatRating } from '#web/lib/rating.ts';
import { formatDate } from '#web/lib/time.ts';

interface BookPreviewPageProps {
  /** The comments and rating section (another feature), composed in by the route. */
  renderComments?: (preview: BookPreview) => ReactNode;
}

/** /app/:categoryId/preview/:bookId — everything about a book before (and after) reading it. */
export function BookPreviewPage({ renderComments }: BookPreviewPageProps) {
  const { t } = useTranslation();
  const { categoryId = '', bookId = '' } = useParams();
  const query = useBookPreview(bookId);

  return (
    <QueryState
      query={query}
      notFound={<NotFoundState title={t('preview.notFound')} body={t('preview.notFoundBody')} />}
      isMissing={(preview) => preview.book.categoryId !== categoryId}
      error={t('preview.loadFailed')}
      pending={<PreviewSkeleton />}
    >
      {(preview) => (
        <div className={styles.page}>
          <PreviewBody preview={preview} />
          {renderComments?.(preview)}
        </div>
      )}
    </QueryState>
  );
}

function PreviewBody({ preview }: { preview: BookPreview }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const { book, state } = preview;
  const action = readingAction(book, state);
  const rating = formatRating(book.averageRating);
  const category = categoryTitle(preview.category, language);
  const title = bookTitle(book, language);
  usePageName(title);

  return (
    <article className={styles.book} aria-labelledby="book-title">
      <nav className={styles.crumbs} aria-label={t('preview.breadcrumbs')}>
        <Link to="/app/books">{t('browse.title')}</Link>
        <span aria-hidden="true">/</span>
        <Link to={`/app/category/${encodeURIComponent(book.categoryId)}`}>{category}</Link>
      </nav>

      <div className={styles.hero}>
        <div className={styles.coverBox}>
          <BookCover src={book.bookImage} title={title} eager />
        </div>
        <div className={styles.info}>
          <h1 id="book-title" className={styles.title}>
            <bdi>{title}</bdi>
          </h1>
          <p className={styles.author}>
            <Trans
              i18nKey="library.byLine"
              values={{ author: bookAuthor(book, language) }}
              components={{ author: <bdi /> }}
            />
          </p>

          <div className={styles.ratingLine} data-testid="book-rating">
            {book.ratingCount > 0 ? (
              <>
                <Stars
                  value={book.averageRating}
                  size="large"
                  label={t('library.rating', { rating, count: book.ratingCount })}
                />
                <span className={styles.average} aria-hidden="true">
                  {rating}
                </span>
                <span className={styles.muted} aria-hidden="true">
                  {t('preview.ratingCount', { count: book.ratingCount })}
                </span>
              </>
            ) : (
              <span className={styles.muted}>{t('library.noRatings')}</span>
            )}
          </div>

          <dl className={styles.facts}>
            <div>
              <dt>{t('common.languages.en')}</dt>
              <dd>
                {book.pageCounts.en > 0
                  ? t('preview.pageCount', { count: book.pageCounts.en })
                  : t('preview.noPagesYet')}
              </dd>
            </div>
            <div>
              <dt lang="ar">{t('common.languages.ar')}</dt>
              <dd>
                {book.pageCounts.ar > 0
                  ? t('preview.pageCount', { count: book.pageCounts.ar })
                  : t('preview.noPagesYet')}
              </dd>
            </div>
          </dl>

          <p className={styles.muted}>
            {book.publisher ? (
              <Trans
                i18nKey="preview.addedBy"
                values={{ name: book.publisher.displayName, date: formatDate(book.addedAt, language) }}
                components={{ name: <Link to={`/app/${book.publisher.userNumber}`} dir="auto" /> }}
              />
            ) : (
              // Official summaries are added by Sahifa itself: its name in the interface language.
              t('preview.addedByOfficial', {
                name: t('common.appName'),
                date: formatDate(book.addedAt, language),
              })
            )}
          </p>

          {action.showFinished && state.finishedAt ? (
            <p className={styles.finished}>
              {t('preview.finishedOn', { date: formatDate(state.finishedAt, language) })}
            </p>
          ) : null}

          <div className={styles.actions}>
            <ButtonLink to={action.to}>
              {action.kind === 'continue'
                ? t('preview.continueAt', { page: action.page })
                : action.kind === 'readAgain'
                  ? t('preview.readAgain')
                  : t('preview.startReading')}
            </ButtonLink>
            <BookmarkToggle bookId={book.id} bookmarked={state.bookmarked} />
            <ButtonLink to={assistantPath({ bookId: book.id })} variant="ghost" className={styles.ask}>
              <Icon name="assistant" />
              {t('assistant.askAboutBook')}
            </ButtonLink>
          </div>

          {book.isMine ? (
            <OwnerActions bookId={book.id} categoryId={book.categoryId} title={title} />
          ) : book.publisher ? (
            // A member's summary can be reported; Sahifa's own cannot.
            <div>
              <ReportButton kind="summary" targetId={book.id} className={styles.report} />
            </div>
          ) : null}
        </div>
      </div>

      {book.tags.length > 0 ? (
        <section className={styles.section} aria-labelledby="book-tags">
          <h2 id="book-tags" className="visually-hidden">
            {t('preview.tags')}
          </h2>
          <ul className={styles.tags}>
            {book.tags.map((tag) => (
              <li key={tag.id}>
                <Link className={styles.tag} to={`/app/tag/${encodeURIComponent(tag.id)}`}>
                  <bdi>#{tagName(tag, language)}</bdi>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {book.aboutBook ? (
        <section className={styles.section} aria-labelledby="about-book">
          <h2 id="about-book">{t('preview.about')}</h2>
          <p className={styles.prose} dir="auto">
            {book.aboutBook}
          </p>
        </section>
      ) : null}

      {book.bookReference ? (
        <section className={styles.section} aria-labelledby="book-reference">
          <h2 id="book-reference">{t('preview.reference')}</h2>
          <p className={styles.prose} dir="auto">
            {book.bookReference}
          </p>
        </section>
      ) : null}
    </article>
  );
}

function OwnerActions({ bookId, categoryId, title }: { bookId: string; categoryId: string; title: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteBook(bookId);

  return (
    <div className={styles.owner}>
      <p className={styles.muted}>{t('preview.yours')}</p>
      <div className={styles.actions}>
        <ButtonLink to={`/app/edit-book/${encodeURIComponent(bookId)}`} variant="secondary" size="small">
          {t('preview.edit')}
        </ButtonLink>
        <DeleteWithConfirm
          label={t('preview.delete')}
          className={styles.delete}
          title={t('preview.deleteTitle')}
          confirmLabel={t('preview.deleteConfirm')}
          busyLabel={t('preview.deleting')}
          failedText={t('preview.deleteFailed')}
          mutation={remove}
          onConfirm={() =>
            remove.mutate(undefined, {
              onSuccess: () => navigate(`/app/category/${encodeURIComponent(categoryId)}`, { replace: true }),
            })
          }
        >
          <p>{t('preview.deleteBody', { title: isolate(title) })}</p>
        </DeleteWithConfirm>
      </div>
    </div>
  );
}

function PreviewSkeleton() {
  return (
    <LoadingPlaceholder className={styles.page}>
      <div className={styles.hero} aria-hidden="true">
        <div className={styles.coverBox}>
          <div className={`${styles.skeleton} ${styles.skeletonCover}`} />
        </div>
        <div className={styles.info}>
          <div className={`${styles.skeleton} ${styles.skeletonTitle}`} />
          <div className={`${styles.skeleton} ${styles.skeletonLine}`} />
          <div className={`${styles.skeleton} ${styles.skeletonLine}`} />
          <div className={`${styles.skeleton} ${styles.skeletonButton}`} />
        </div>
      </div>
    </LoadingPlaceholder>
  );
}

export default BookPreviewPage;
