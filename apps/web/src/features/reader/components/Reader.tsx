import type { BookReading } from '@sahifa/contracts/books';
import { type ReactNode, useRef } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/Button.tsx';
import type { ReadingLang } from '#web/features/reader/navigation.ts';
import { assistantPath } from '#web/lib/assistant-path.ts';
import { previewPath as previewPathOf } from '#web/lib/book-paths.ts';
import { bookAuthor, bookTitle } from '#web/lib/localized.ts';
import { usePageName } from '#web/lib/page-name.ts';
import { FinishedPanel } from './FinishedPanel.tsx';
import { PageContent } from './PageContent.tsx';
import { Pager } from './Pager.tsx';
import styles from './Reader.module.css';
import { ReaderToolbar } from './ReaderToolbar.tsx';
import { useFontSizeStep } from './useFontSizeStep.ts';
import { usePageTurns, useShowNewPageFromTop } from './usePageTurns.ts';
import { useReaderProgress } from './useReaderProgress.ts';

export interface ReaderProps {
  data: BookReading;
  /** The bookmark button (another feature), composed in by the route. */
  renderBookmark?: (bookId: string, bookmarked: boolean) => ReactNode;
}

/** The summary, one page at a time, in English or Arabic; pages turn by button, arrow key or swipe. */
export function Reader({ data, renderBookmark }: ReaderProps) {
  const { t, i18n } = useTranslation();
  const { book, pages, state } = data;
  const title = bookTitle(book, i18n.language);
  usePageName(title);
  const reading = useReaderProgress(data);
  const { lang, direction, count, current } = reading;
  const fontSize = useFontSizeStep();
  const articleRef = useRef<HTMLElement>(null);
  const finishedRef = useRef<HTMLHeadingElement>(null);
  useShowNewPageFromTop(articleRef, `${lang}:${current}`);
  const swipes = usePageTurns(direction, reading.go);

  const previewPath = previewPathOf(book);
  const otherLang: ReadingLang = lang === 'ar' ? 'en' : 'ar';
  const onFinish = () => reading.finishBook(() => requestAnimationFrame(() => finishedRef.current?.focus()));

  return (
    <div className={styles.reader}>
      <header className={styles.header}>
        <Link className={styles.back} to={previewPath}>
          <span aria-hidden="true" className={styles.backArrow}>
            ←
          </span>{' '}
          {t('reader.backToBook')}
        </Link>
        <h1 className={styles.bookTitle}>
          <bdi>{title}</bdi>
        </h1>
        <p className={styles.author}>
          <Trans
            i18nKey="library.byLine"
            values={{ author: bookAuthor(book, i18n.language) }}
            components={{ author: <bdi /> }}
          />
        </p>
      </header>

      <ReaderToolbar
        lang={lang}
        onLanguage={reading.changeLanguage}
        fontStep={fontSize.step}
        onFontSize={fontSize.change}
        askPath={assistantPath({ bookId: book.id })}
        bookmark={
          renderBookmark ? (
            <div className={styles.bookmark}>{renderBookmark(book.id, state.bookmarked)}</div>
          ) : null
        }
      />

      {count === 0 ? (
        <div className={styles.missing} role="status">
          <p>{lang === 'ar' ? t('reader.noArabic') : t('reader.noEnglish')}</p>
          {pages[otherLang].length > 0 ? (
            <Button variant="secondary" onClick={() => reading.changeLanguage(otherLang)}>
              {otherLang === 'ar' ? t('reader.readInArabic') : t('reader.readInEnglish')}
            </Button>
          ) : null}
        </div>
      ) : (
        <>
          <p className={styles.indicator} aria-live="polite" data-testid="page-indicator">
            {t('reader.pageOf', { page: current, count })}
          </p>
          <progress
            className={styles.progress}
            value={current}
            max={count}
            dir={direction}
            aria-hidden="true"
          />

          <article
            ref={articleRef}
            className={styles.page}
            dir={direction}
            lang={lang}
            data-size={fontSize.step}
            aria-label={t('reader.pageOf', { page: current, count })}
            {...swipes}
          >
            {reading.page ? <PageContent page={reading.page} /> : null}
          </article>

          <Pager
            direction={direction}
            current={current}
            isLast={reading.isLast}
            onTurn={reading.go}
            onFinish={onFinish}
            finishing={reading.finishing}
          />
          {reading.finishFailed ? (
            <p className={styles.error} role="alert">
              {t('reader.finishFailed')}
            </p>
          ) : null}

          {reading.finishedAt ? (
            <FinishedPanel
              title={title}
              finishedAt={reading.finishedAt}
              previewPath={previewPath}
              headingRef={finishedRef}
            />
          ) : null}
        </>
      )}
    </div>
  );
}
