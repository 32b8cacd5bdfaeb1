import type { BookReading } from '@sahifa/contracts/books';
import type { Page } from '@sahifa/contracts/library';
import {
  type CSSProperties,
  type PointerEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/Button.tsx';
import { ErrorState, NotFoundState } from '../../../components/ui/States.tsx';
import { resolveLanguage } from '../../../i18n/language.ts';
import { ApiError } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/time.ts';
import { useBookReading } from '../api/book-reading.ts';
import { useFinishBook } from '../api/finish-book.ts';
import { useProgressSaver } from '../api/save-progress.ts';
import styles from '../components/Reader.module.css';
import {
  FONT_SIZE_STEPS,
  MAX_FONT_SIZE_STEP,
  nextFontSizeStep,
  readFontSizeStep,
  writeFontSizeStep,
} from '../font-size.ts';
import {
  chooseLanguage,
  clampPage,
  directionOfLang,
  initialPage,
  isPageTurnTarget,
  keyToStep,
  parseLangParam,
  parsePageParam,
  type ReadingLang,
  swipeToStep,
} from '../navigation.ts';

interface ReaderPageProps {
  /** The bookmark button (another feature), composed in by the route. */
  renderBookmark?: (bookId: string, bookmarked: boolean) => ReactNode;
}

/** /app/:categoryId/:bookId — the summary, one page at a time, in English or Arabic. */
export function ReaderPage({ renderBookmark }: ReaderPageProps) {
  const { t } = useTranslation();
  const { categoryId = '', bookId = '' } = useParams();
  const query = useBookReading(bookId);

  const notFound = query.error instanceof ApiError && query.error.status === 404;
  if (notFound || (query.data && query.data.book.categoryId !== categoryId)) {
    return <NotFoundState title={t('preview.notFound')} body={t('preview.notFoundBody')} />;
  }
  if (query.isError) {
    return <ErrorState message={t('reader.loadFailed')} onRetry={() => void query.refetch()} />;
  }
  if (query.isPending) return <ReaderSkeleton />;
  return <Reader key={bookId} data={query.data} renderBookmark={renderBookmark} />;
}

function Reader({
  data,
  renderBookmark,
}: {
  data: BookReading;
  renderBookmark?: ReaderPageProps['renderBookmark'];
}) {
  const { t, i18n } = useTranslation();
  const interfaceLang = resolveLanguage(i18n.resolvedLanguage);
  const { book, pages, state } = data;
  const counts = { en: pages.en.length, ar: pages.ar.length };
  const [searchParams, setSearchParams] = useSearchParams();

  // Opening state: chosen once per visit (a later cache update must not move the reader).
  const [lang, setLang] = useState<ReadingLang>(() =>
    chooseLanguage(interfaceLang, counts, parseLangParam(searchParams.get('lang'))),
  );
  const [requestedPage, setRequestedPage] = useState(() =>
    initialPage({
      param: parsePageParam(searchParams.get('page')),
      saved: state.progress?.pageNumber ?? null,
      count: Math.max(counts.en, counts.ar),
    }),
  );
  const [finishedAt, setFinishedAt] = useState<string | null>(null);
  const [fontStep, setFontStep] = useState(() =>
    readFontSizeStep(typeof localStorage === 'undefined' ? undefined : localStorage),
  );

  const langPages = pages[lang];
  const count = langPages.length;
  const current = clampPage(requestedPage, count);
  const page: Page | undefined = langPages[current - 1];
  const direction = directionOfLang(lang);
  const isLast = count > 0 && current === count;

  const saver = useProgressSaver(book.id, state.progress?.pageNumber ?? null);
  const finish = useFinishBook(book.id);
  const articleRef = useRef<HTMLElement>(null);
  const finishedRef = useRef<HTMLHeadingElement>(null);

  // Each page change is saved (debounced; flushed when the reader closes).
  useEffect(() => {
    if (count > 0) saver.schedule(current);
  }, [current, count, saver.schedule]);

  // The address names the page and language, so it can be shared or reloaded (replace: no history).
  useEffect(() => {
    if (count === 0) return;
    if (searchParams.get('page') === String(current) && searchParams.get('lang') === lang) return;
    const next = new URLSearchParams(searchParams);
    next.set('page', String(current));
    next.set('lang', lang);
    setSearchParams(next, { replace: true, preventScrollReset: true });
  }, [current, lang, count, searchParams, setSearchParams]);

  // A new page is shown from its top.
  const shownPage = `${lang}:${current}`;
  const lastShown = useRef(shownPage);
  useEffect(() => {
    if (lastShown.current === shownPage) return;
    lastShown.current = shownPage;
    const article = articleRef.current;
    if (article && article.getBoundingClientRect().top < 0) article.scrollIntoView({ block: 'start' });
  }, [shownPage]);

  const go = useCallback(
    (step: -1 | 1) => {
      setRequestedPage((page) => clampPage(clampPage(page, count) + step, count));
      setFinishedAt(null);
    },
    [count],
  );

  // Arrow keys turn pages (mirrored in Arabic), unless a control uses them.
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const target = event.target instanceof HTMLElement ? event.target : null;
      if (event.defaultPrevented || !isPageTurnTarget({ ...modifiers(event), target })) return;
      const step = keyToStep(event.key, direction);
      if (step === 0) return;
      event.preventDefault();
      go(step);
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [direction, go]);

  // Swipes on touch screens (a finger moving against the reading direction turns forward).
  const swipeStart = useRef<{ id: number; x: number; y: number } | null>(null);
  function onPointerDown(event: PointerEvent) {
    if (event.pointerType === 'mouse') return;
    swipeStart.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
  }
  function onPointerUp(event: PointerEvent) {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start || start.id !== event.pointerId) return;
    const step = swipeToStep(event.clientX - start.x, event.clientY - start.y, direction);
    if (step !== 0) go(step);
  }

  function changeFontSize(change: -1 | 1) {
    const next = nextFontSizeStep(fontStep, change);
    setFontStep(next);
    writeFontSizeStep(typeof localStorage === 'undefined' ? undefined : localStorage, next);
  }

  function changeLanguage(next: ReadingLang) {
    setLang(next);
    setRequestedPage((page) => clampPage(page, Math.max(1, pages[next].length)));
    setFinishedAt(null);
  }

  async function onFinish() {
    await saver.cancel();
    finish.mutate(undefined, {
      onSuccess: ({ finishedAt }) => {
        setFinishedAt(finishedAt);
        requestAnimationFrame(() => finishedRef.current?.focus());
      },
    });
  }

  const previewPath = `/app/${encodeURIComponent(book.categoryId)}/preview/${encodeURIComponent(book.id)}`;
  const otherLang: ReadingLang = lang === 'ar' ? 'en' : 'ar';
  const language = i18n.resolvedLanguage ?? 'en';

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
          <bdi>{book.title}</bdi>
        </h1>
        <p className={styles.author}>{t('library.byAuthor', { author: book.author })}</p>
      </header>

      <div className={styles.toolbar}>
        <RadioGroup
          className={styles.langGroup}
          value={lang}
          onChange={(value) => changeLanguage(value as ReadingLang)}
          orientation="horizontal"
        >
          <Label className="visually-hidden">{t('reader.languageLabel')}</Label>
          <div className={styles.segments}>
            <Radio value="en" className={styles.segment}>
              <span lang="en">English</span>
            </Radio>
            <Radio value="ar" className={styles.segment}>
              <span lang="ar">العربية</span>
            </Radio>
          </div>
        </RadioGroup>

        {/* biome-ignore lint/a11y/useSemanticElements: a labelled group of two buttons, not a form fieldset */}
        <div className={styles.sizeGroup} role="group" aria-label={t('reader.textSize')}>
          <Button
            variant="ghost"
            size="small"
            className={styles.sizeButton}
            onClick={() => changeFontSize(-1)}
            disabled={fontStep === 0}
            aria-label={t('reader.smaller')}
          >
            <span aria-hidden="true">A−</span>
          </Button>
          <Button
            variant="ghost"
            size="small"
            className={`${styles.sizeButton} ${styles.sizeLarge}`}
            onClick={() => changeFontSize(1)}
            disabled={fontStep === MAX_FONT_SIZE_STEP}
            aria-label={t('reader.larger')}
          >
            <span aria-hidden="true">A+</span>
          </Button>
        </div>

        {renderBookmark ? (
          <div className={styles.bookmark}>{renderBookmark(book.id, state.bookmarked)}</div>
        ) : null}
      </div>

      {count === 0 ? (
        <div className={styles.missing} role="status">
          <p>{lang === 'ar' ? t('reader.noArabic') : t('reader.noEnglish')}</p>
          {pages[otherLang].length > 0 ? (
            <Button variant="secondary" onClick={() => changeLanguage(otherLang)}>
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
            data-size={fontStep}
            style={{ '--reader-font-size': `${FONT_SIZE_STEPS[fontStep]}rem` } as CSSProperties}
            aria-label={t('reader.pageOf', { page: current, count })}
            onPointerDown={onPointerDown}
            onPointerUp={onPointerUp}
            onPointerCancel={() => {
              swipeStart.current = null;
            }}
          >
            {page ? <PageContent page={page} /> : null}
          </article>

          <nav className={styles.pager} dir={direction} aria-label={t('reader.pagesNav')}>
            <Button variant="secondary" onClick={() => go(-1)} disabled={current <= 1}>
              <span className={styles.arrow} aria-hidden="true">
                ←
              </span>
              <span lang={language} dir="auto">
                {t('reader.previous')}
              </span>
            </Button>
            {isLast ? (
              <Button onClick={onFinish} busy={finish.isPending} busyLabel={t('reader.finishing')}>
                <span lang={language} dir="auto">
                  {t('reader.finish')}
                </span>
              </Button>
            ) : (
              <Button onClick={() => go(1)}>
                <span lang={language} dir="auto">
                  {t('reader.next')}
                </span>
                <span className={styles.arrow} aria-hidden="true">
                  →
                </span>
              </Button>
            )}
          </nav>
          {finish.isError ? (
            <p className={styles.error} role="alert">
              {t('reader.finishFailed')}
            </p>
          ) : null}

          {finishedAt ? (
            <section className={styles.finished} aria-labelledby="finished-title">
              <h2 id="finished-title" ref={finishedRef} tabIndex={-1}>
                {t('reader.finishedTitle', { title: book.title })}
              </h2>
              <p>{t('reader.finishedBody', { date: formatDate(finishedAt, language) })}</p>
              <div className={styles.finishedActions}>
                <ButtonLink to={`${previewPath}#rate`}>{t('reader.rateIt')}</ButtonLink>
                <ButtonLink to="/app/my-library" variant="secondary">
                  {t('reader.toMyLibrary')}
                </ButtonLink>
                <ButtonLink to="/app/books" variant="ghost">
                  {t('reader.findNext')}
                </ButtonLink>
              </div>
            </section>
          ) : null}
        </>
      )}
    </div>
  );
}

function modifiers(event: KeyboardEvent) {
  return { altKey: event.altKey, ctrlKey: event.ctrlKey, metaKey: event.metaKey, shiftKey: event.shiftKey };
}

/** A page's fields in order, skipping empty ones; blank lines separate paragraphs. */
function PageContent({ page }: { page: Page }) {
  const blocks: Array<{ kind: 'h2' | 'h3' | 'text'; text: string; key: string }> = [
    { kind: 'h2', text: page.header, key: 'header' },
    { kind: 'h3', text: page.subHeader, key: 'subHeader' },
    { kind: 'text', text: page.content1, key: 'content1' },
    { kind: 'h3', text: page.subHeader2, key: 'subHeader2' },
    { kind: 'text', text: page.content2, key: 'content2' },
    { kind: 'h3', text: page.subHeader3, key: 'subHeader3' },
    { kind: 'text', text: page.content3, key: 'content3' },
    { kind: 'h3', text: page.subHeader4, key: 'subHeader4' },
    { kind: 'text', text: page.content4, key: 'content4' },
  ];
  return (
    <>
      {blocks
        .filter((block) => block.text.trim() !== '')
        .map((block) => {
          if (block.kind === 'h2') return <h2 key={block.key}>{block.text}</h2>;
          if (block.kind === 'h3') return <h3 key={block.key}>{block.text}</h3>;
          return block.text
            .split(/\n\s*\n/)
            .filter((paragraph) => paragraph.trim() !== '')
            .map((paragraph, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a fixed text
              <p key={`${block.key}-${i}`}>{paragraph.trim()}</p>
            ));
        })}
    </>
  );
}

function ReaderSkeleton() {
  const { t } = useTranslation();
  return (
    <div className={styles.reader} aria-busy="true">
      <span className="visually-hidden" role="status">
        {t('common.loading')}
      </span>
      <div aria-hidden="true" className={styles.skeletonBox}>
        <div className={`${styles.skeleton} ${styles.skeletonTitle}`} />
        <div className={`${styles.skeleton} ${styles.skeletonBar}`} />
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <div key={i} className={`${styles.skeleton} ${styles.skeletonLine}`} />
        ))}
      </div>
    </div>
  );
}

export default ReaderPage;
