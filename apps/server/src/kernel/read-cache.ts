// Answers every member gets alike (the library's lists, search results, a book's text, preview
// and first reviews, the first pages of thoughts), remembered for a few seconds and shared by the
// requests that ask at once (docs/decisions/010-caching.md).
//
// `clear()` forgets everything; the writes that change such answers call it once they have been
// written (a summary published, edited, deleted or hidden; a rating saved or removed; a member's
// name or picture changed; a thought, like or reply written), so the next request on this
// instance sees the change. Another instance sees it within `ttlMs`.
import { keepNewest } from './keep-newest.ts';
import { NOT_REMEMBERED } from './not-remembered.ts';

export interface ReadCache {
  /** The remembered answer for `key`, or `load()`'s (a failed load is not remembered). */
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** The answer `get` would hand back for `key` without loading, once it has loaded; else NOT_REMEMBERED. */
  peek<T>(key: string): T | typeof NOT_REMEMBERED;
  clear(): void;
}

export function createReadCache({ ttlMs, maxEntries }: { ttlMs: number; maxEntries: number }): ReadCache {
  const answers = new Map<string, { answer: Promise<unknown>; until: number; loaded: unknown }>();
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const now = Date.now();
      const remembered = answers.get(key);
      if (remembered && remembered.until > now) return remembered.answer as Promise<T>;
      // Kept while it loads: the requests that ask meanwhile share it, and a clear() drops it.
      const answer = load();
      const entry: { answer: Promise<unknown>; until: number; loaded: unknown } = {
        answer,
        until: now + ttlMs,
        loaded: NOT_REMEMBERED,
      };
      keepNewest(answers, key, entry, maxEntries);
      answer.then(
        (loaded) => {
          entry.loaded = loaded;
        },
        () => {
          if (answers.get(key) === entry) answers.delete(key);
        },
      );
      return answer;
    },
    peek<T>(key: string) {
      const remembered = answers.get(key);
      return remembered && remembered.until > Date.now()
        ? (remembered.loaded as T | typeof NOT_REMEMBERED)
        : NOT_REMEMBERED;
    },
    clear() {
      answers.clear();
    },
  };
}
