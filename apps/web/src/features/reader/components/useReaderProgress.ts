import type { BookReading } from '@sahifa/contracts/books';
import { resolveLanguage } from '@sahifa/contracts/languages';
import type { Page } from '@sahifa/contracts/library';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useFinishBook } from '#web/features/reader/api/finish-book.ts';
import { useProgressSaver } from '#web/features/reader/api/save-progress.ts';
import {
  chooseLanguage,
  clampPage,
  directionOfLang,
  initialPage,
  parseLangParam,
  parsePageParam,
  type ReadingLang,
  savesOnOpen,
} from '#web/features/reader/navigation.ts';

/**
 * Where the reader is: the language and page (from the address, the saved progress or the
 * interface language), each page or language change saved with the other and written to the
 * address, and finishing the book. A finished book that is not being read again saves nothing
 * until the member turns a page (the reading service's rule).
 */
export function useReaderProgress({ book, pages, state }: BookReading) {
  const { i18n } = useTranslation();
  const interfaceLang = resolveLanguage(i18n.resolvedLanguage);
  const counts = { en: pages.en.length, ar: pages.ar.length };
  const [searchParams, setSearchParams] = useSearchParams();

  // Opening state: chosen once per visit (a later cache update must not move the reader).
  const [lang, setLang] = useState<ReadingLang>(() =>
    chooseLanguage(
      interfaceLang,
      counts,
      parseLangParam(searchParams.get('lang')),
      state.progress?.lang ?? null,
    ),
  );
  const [requestedPage, setRequestedPage] = useState(() =>
    initialPage({
      param: parsePageParam(searchParams.get('page')),
      saved: state.progress?.pageNumber ?? null,
      count: Math.max(counts.en, counts.ar),
    }),
  );
  const [finishedAt, setFinishedAt] = useState<string | null>(null);
  // Whether what is shown is saved: not for a finished book merely opened, until a page turns.
  const [saving, setSaving] = useState(() => savesOnOpen(state));

  const langPages = pages[lang];
  const count = langPages.length;
  const current = clampPage(requestedPage, count);
  const page: Page | undefined = langPages[current - 1];

  const [saved] = useState(() =>
    state.progress
      ? { pageNumber: state.progress.pageNumber, lang: state.progress.lang ?? null }
      : { pageNumber: 1, lang },
  );
  const saver = useProgressSaver(book.id, saved);
  const finish = useFinishBook(book.id);

  // Each page or language change is saved (debounced; flushed when the reader closes).
  useEffect(() => {
    if (count > 0 && saving) saver.schedule({ pageNumber: current, lang });
  }, [current, lang, count, saving, saver.schedule]);

  // The address names the page and language, so it can be shared or reloaded (replace: no history).
  // Not yet on a bare address while the reader is where it opened: that address opens there again
  // (the saved progress), and writing it is a navigation that renders the whole app a second time
  // as it starts.
  const [opened] = useState(() => ({ page: current, lang }));
  useEffect(() => {
    if (count === 0) return;
    if (searchParams.get('page') === String(current) && searchParams.get('lang') === lang) return;
    const bare = !searchParams.has('page') && !searchParams.has('lang');
    if (bare && current === opened.page && lang === opened.lang) return;
    const next = new URLSearchParams(searchParams);
    next.set('page', String(current));
    next.set('lang', lang);
    setSearchParams(next, { replace: true, preventScrollReset: true });
  }, [current, lang, count, searchParams, setSearchParams, opened]);

  const go = useCallback(
    (step: -1 | 1) => {
      const from = clampPage(requestedPage, count);
      const to = clampPage(from + step, count);
      if (to === from) return;
      setRequestedPage(to);
      setFinishedAt(null);
      // A page turned: reading (again) — from here on, what is shown is saved.
      setSaving(true);
    },
    [requestedPage, count],
  );

  function changeLanguage(next: ReadingLang) {
    setLang(next);
    setRequestedPage((page) => clampPage(page, Math.max(1, pages[next].length)));
    setFinishedAt(null);
  }

  /** Marks the book finished (no progress save may land after it); `onFinished` runs once it is. */
  async function finishBook(onFinished: () => void) {
    setSaving(false);
    await saver.cancel();
    finish.mutate(undefined, {
      onSuccess: ({ finishedAt }) => {
        setFinishedAt(finishedAt);
        onFinished();
      },
      onError: () => setSaving(true),
    });
  }

  return {
    lang,
    direction: directionOfLang(lang),
    count,
    current,
    page,
    isLast: count > 0 && current === count,
    go,
    changeLanguage,
    finishBook,
    finishing: finish.isPending,
    finishFailed: finish.isError,
    finishedAt,
  };
}
