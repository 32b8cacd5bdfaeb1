import { useMemo } from 'react';
import { highlight } from '#web/features/search/highlight.ts';
import styles from './SearchResults.module.css';

/** `text` with the search terms in <mark>; every piece is a React text node (no HTML is parsed). */
export function Highlighted({ text, terms }: { text: string; terms: readonly string[] }) {
  const segments = useMemo(() => highlight(text, terms), [text, terms]);
  return (
    <>
      {segments.map((segment, i) =>
        segment.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments are derived from the text, in order
          <mark key={i} className={styles.mark}>
            {segment.text}
          </mark>
        ) : (
          segment.text
        ),
      )}
    </>
  );
}
