import type { Citation } from '@sahifa/contracts/assistant';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { citationLabel } from '#web/features/assistant/citations.ts';
import { readerPath } from '#web/lib/book-paths.ts';
import styles from './Assistant.module.css';

/** The passages an answer cites: "Meditations · p. 4", each opening the reader at that page. */
export function CitationChips({ citations }: { citations: Citation[] }) {
  const { t, i18n } = useTranslation();
  const labelId = useId();
  const language = i18n.resolvedLanguage ?? 'en';
  return (
    <div className={styles.sources}>
      <p id={labelId} className={styles.sourcesLabel}>
        {t('assistant.sources')}
      </p>
      <ul className={styles.chips} aria-labelledby={labelId}>
        {citations.map((citation) => (
          <li key={citation.ref}>
            <Link
              className={styles.chip}
              to={readerPath(
                { id: citation.bookId, categoryId: citation.categoryId },
                citation.lang,
                citation.page,
              )}
            >
              <span className={styles.chipRef}>{citation.ref}</span>
              <span>{citationLabel(citation, language, t)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
