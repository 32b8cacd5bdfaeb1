// A search box whose query lives in the URL's ?q=, so a reload, Back and a shared link show the
// same results. What is typed reaches the URL after a pause; Enter sends it at once; a URL
// changed from outside (Back, a link) is shown in the box.
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

export interface UrlSearchBoxOptions {
  /** Milliseconds of quiet typing before the URL follows. */
  debounceMs: number;
  /** What of the typed text goes into the URL ('' removes ?q=). */
  toUrl: (text: string) => string;
}

export function useUrlSearchBox({ debounceMs, toUrl }: UrlSearchBoxOptions) {
  const [params, setParams] = useSearchParams();
  const urlQuery = params.get('q') ?? '';
  const [text, setText] = useState(urlQuery);
  const written = useRef(urlQuery);

  useEffect(() => {
    if (urlQuery !== written.current) {
      written.current = urlQuery;
      setText(urlQuery);
    }
  }, [urlQuery]);

  function writeUrl(value: string) {
    written.current = value;
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set('q', value);
        else next.delete('q');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: writeUrl only reads a ref and the stable setter; toUrl is pure
  useEffect(() => {
    const value = toUrl(text);
    if (value === written.current) return;
    const timer = setTimeout(() => writeUrl(value), debounceMs);
    return () => clearTimeout(timer);
  }, [text, debounceMs]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = toUrl(text);
    if (value !== written.current) writeUrl(value);
  }

  return { urlQuery, text, setText, submit };
}
