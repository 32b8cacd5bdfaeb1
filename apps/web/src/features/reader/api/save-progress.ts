import type { Lang, Progress, ReaderState } from '@sahifa/contracts/library';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { apiFetch } from '#web/lib/api.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** Where the member is: the page (1-based) and the language it is read in. */
export interface ReadingSpot {
  pageNumber: number;
  lang: Lang;
}

/** PUT /api/v1/books/:bookId/progress — the page reached and its language (kept per book, on the server). */
export function saveProgress(bookId: string, spot: ReadingSpot, options: { keepalive?: boolean } = {}) {
  return apiFetch<Progress>(`/api/v1/books/${encodeURIComponent(bookId)}/progress`, {
    method: 'PUT',
    json: { pageNumber: spot.pageNumber, lang: spot.lang },
    keepalive: options.keepalive,
  });
}

type WithState = { state: ReaderState };

/** The reader and the preview show the saved page; update them before the server answers. */
function writeProgress(queryClient: QueryClient, bookId: string, spot: ReadingSpot): void {
  const progress = { pageNumber: spot.pageNumber, lang: spot.lang, updatedAt: new Date().toISOString() };
  for (const key of [queryKeys.bookReading(bookId), queryKeys.bookPreview(bookId)]) {
    queryClient.setQueryData<WithState>(key, (old) =>
      old ? { ...old, state: { ...old.state, progress } } : old,
    );
  }
}

const sameSpot = (a: ReadingSpot | null, b: ReadingSpot | null) =>
  a !== null && b !== null && a.pageNumber === b.pageNumber && a.lang === b.lang;

export const PROGRESS_DEBOUNCE_MS = 300;

/**
 * Saves the page and language a member reaches: at most one request per pause in reading
 * (300 ms), and the pending one at once when the reader closes or the tab is hidden (sent with
 * keepalive, so leaving the page does not lose it). `saved` is what the server already holds (its
 * language null when unknown), so showing it again sends nothing.
 */
export function useProgressSaver(bookId: string, saved: { pageNumber: number; lang: Lang | null }) {
  const queryClient = useQueryClient();
  const lastSent = useRef<ReadingSpot | null>(
    saved.lang ? { pageNumber: saved.pageNumber, lang: saved.lang } : null,
  );
  const pending = useRef<ReadingSpot | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef<Promise<unknown>>(Promise.resolve());

  const send = useCallback(
    (keepalive: boolean) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      const spot = pending.current;
      pending.current = null;
      if (spot === null || sameSpot(spot, lastSent.current)) return;
      lastSent.current = spot;
      inFlight.current = saveProgress(bookId, spot, { keepalive })
        .catch(() => {
          // The next page turn tries again; a failed save must not interrupt reading.
          if (lastSent.current === spot) lastSent.current = null;
        })
        .finally(() => void queryClient.invalidateQueries({ queryKey: queryKeys.myLibrary() }));
    },
    [bookId, queryClient],
  );

  const schedule = useCallback(
    (spot: ReadingSpot) => {
      if (sameSpot(spot, lastSent.current) && pending.current === null) return;
      pending.current = spot;
      writeProgress(queryClient, bookId, spot);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => send(false), PROGRESS_DEBOUNCE_MS);
    },
    [bookId, queryClient, send],
  );

  /**
   * Finishing deletes the progress record: drop what is pending, and let a save already on its way
   * land first, so it cannot recreate the record afterwards. The server then holds nothing, so
   * any later page (reading again) is sent.
   */
  const cancel = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    pending.current = null;
    lastSent.current = null;
    await inFlight.current.catch(() => undefined);
  }, []);

  useEffect(() => {
    const flush = () => send(true);
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
      flush();
    };
  }, [send]);

  return { schedule, cancel, flush: () => send(false) };
}
