import type { Progress, ReaderState } from '@sahifa/contracts/library';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { apiFetch } from '#web/lib/api.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** PUT /api/v1/books/:bookId/progress — the page reached (1-based). */
export function saveProgress(bookId: string, pageNumber: number, options: { keepalive?: boolean } = {}) {
  return apiFetch<Progress>(`/api/v1/books/${encodeURIComponent(bookId)}/progress`, {
    method: 'PUT',
    json: { pageNumber },
    keepalive: options.keepalive,
  });
}

type WithState = { state: ReaderState };

/** The reader and the preview show the saved page; update them before the server answers. */
function writeProgress(queryClient: QueryClient, bookId: string, pageNumber: number): void {
  const progress = { pageNumber, updatedAt: new Date().toISOString() };
  for (const key of [queryKeys.bookReading(bookId), queryKeys.bookPreview(bookId)]) {
    queryClient.setQueryData<WithState>(key, (old) =>
      old ? { ...old, state: { ...old.state, progress } } : old,
    );
  }
}

export const PROGRESS_DEBOUNCE_MS = 300;

/**
 * Saves the page a member reaches: at most one request per pause in reading (300 ms), and the
 * pending one at once when the reader closes or the tab is hidden (sent with keepalive, so
 * leaving the page does not lose it).
 */
export function useProgressSaver(bookId: string, savedPage: number | null) {
  const queryClient = useQueryClient();
  const lastSent = useRef<number>(savedPage ?? 1);
  const pending = useRef<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef<Promise<unknown>>(Promise.resolve());

  const send = useCallback(
    (keepalive: boolean) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      const page = pending.current;
      pending.current = null;
      if (page === null || page === lastSent.current) return;
      lastSent.current = page;
      inFlight.current = saveProgress(bookId, page, { keepalive })
        .catch(() => {
          // The next page turn tries again; a failed save must not interrupt reading.
          if (lastSent.current === page) lastSent.current = -1;
        })
        .finally(() => void queryClient.invalidateQueries({ queryKey: queryKeys.myLibrary() }));
    },
    [bookId, queryClient],
  );

  const schedule = useCallback(
    (page: number) => {
      if (page === lastSent.current && pending.current === null) return;
      pending.current = page;
      writeProgress(queryClient, bookId, page);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => send(false), PROGRESS_DEBOUNCE_MS);
    },
    [bookId, queryClient, send],
  );

  /**
   * Finishing deletes the progress record: drop what is pending, and let a save already on its way
   * land first, so it cannot recreate the record afterwards.
   */
  const cancel = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    pending.current = null;
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
