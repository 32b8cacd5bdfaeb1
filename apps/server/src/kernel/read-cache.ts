// Answers every member gets alike (the library's lists, search results, a book's text, preview
// and first reviews, the first pages of thoughts), remembered for a few seconds and shared by the
// requests that ask at once (docs/decisions/010-caching.md).
//
// `clear()` forgets everything; the writes that change such answers call it once they have been
// written (a summary published, edited, deleted or hidden; a rating saved or removed; a member's
// name or picture changed; a thought, like or reply written), so the next request on this
// instance sees the change. Another instance sees it within `ttlMs`.
import { createNewestEntries, type Key } from './newest-entries.ts';

export interface ReadCache {
  /**
   * The remembered answer for `key`, or `load()`'s (a failed load is not remembered): as it is once
   * it has loaded, so a request made of remembered answers needs no promise (decision 025); a
   * promise while it loads.
   */
  get<T>(key: Key, load: () => Promise<T>): T | Promise<T>;
  clear(): void;
}

/** An entry's `loaded` until its load has: a loaded answer may itself be undefined. */
const LOADING: unique symbol = Symbol('loading');

export function createReadCache({ ttlMs, maxEntries }: { ttlMs: number; maxEntries: number }): ReadCache {
  const answers = createNewestEntries<{ answer: Promise<unknown>; until: number; loaded: unknown }>(
    maxEntries,
  );
  return {
    get<T>(key: Key, load: () => Promise<T>): T | Promise<T> {
      const now = Date.now();
      const remembered = answers.get(key);
      if (remembered && remembered.until > now)
        return (remembered.loaded === LOADING ? remembered.answer : remembered.loaded) as T | Promise<T>;
      // Kept while it loads: the requests that ask meanwhile share it, and a clear() drops it.
      const answer = load();
      const entry: { answer: Promise<unknown>; until: number; loaded: unknown } = {
        answer,
        until: now + ttlMs,
        loaded: LOADING,
      };
      answers.set(key, entry);
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
    clear() {
      answers.clear();
    },
  };
}
