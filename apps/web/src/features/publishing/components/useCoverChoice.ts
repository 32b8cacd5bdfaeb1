import { type RefObject, useEffect, useState } from 'react';
import { loadDraftCover, saveDraftCover } from '#web/features/publishing/draft.ts';

/**
 * The newly chosen cover file, kept with the draft in IndexedDB (localStorage keeps only text),
 * and the problem found with it. `done` turns true once the summary is saved.
 */
export function useCoverChoice(draftKey: string, done: RefObject<boolean>) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [kept, setKept] = useState(true);

  // The draft's cover comes back from IndexedDB.
  useEffect(() => {
    let live = true;
    void loadDraftCover(draftKey).then((stored) => {
      if (live && stored && !done.current) setFile((current) => current ?? stored);
    });
    return () => {
      live = false;
    };
  }, [draftKey, done]);

  function choose(next: File | null) {
    setFile(next);
    void saveDraftCover(draftKey, next).then((saved) => setKept(saved || !next));
  }

  function reset() {
    setFile(null);
    setError(null);
  }

  return { file, choose, error, setError, kept, reset };
}
