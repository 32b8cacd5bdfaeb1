import { useTranslation } from 'react-i18next';
import { useSaveBookmark } from '#web/features/library/api/bookmark.ts';
import styles from './BookmarkToggle.module.css';

interface BookmarkToggleProps {
  bookId: string;
  /** The current state, from the preview or the reader query (updated optimistically). */
  bookmarked: boolean;
  compact?: boolean;
}

/**
 * A pressed/not-pressed button; the change shows at once and is undone if the server refuses it.
 * A native button with aria-pressed, as the reader's language buttons: React Aria's ToggleButton
 * was ~11 KB of the reader's first load for the same button.
 */
export function BookmarkToggle({ bookId, bookmarked, compact = false }: BookmarkToggleProps) {
  const { t } = useTranslation();
  const save = useSaveBookmark(bookId);
  return (
    <span className={styles.wrap}>
      <button
        type="button"
        className={`${styles.toggle} ${compact ? styles.compact : ''}`}
        aria-pressed={bookmarked}
        onClick={() => save.mutate(!bookmarked)}
        aria-label={compact ? t('bookmark.label') : undefined}
      >
        <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="M6 3h12v18l-6-4-6 4z"
            fill={bookmarked ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          />
        </svg>
        {compact ? null : <span>{bookmarked ? t('bookmark.saved') : t('bookmark.label')}</span>}
      </button>
      {save.isError ? (
        <span className={styles.error} role="alert">
          {t('bookmark.failed')}
        </span>
      ) : null}
    </span>
  );
}
