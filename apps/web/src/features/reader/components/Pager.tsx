import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/Button.tsx';
import { type Direction, pagerArrows } from '#web/features/reader/navigation.ts';
import styles from './Reader.module.css';

interface PagerProps {
  direction: Direction;
  current: number;
  /** On the last page "Next" becomes "Finish". */
  isLast: boolean;
  onTurn: (step: -1 | 1) => void;
  onFinish: () => void;
  finishing: boolean;
}

/**
 * Previous and next page (or finish, on the last page), laid out and pointing in the direction of
 * the text being read — not the interface's: Arabic text in the English interface has Next on the left.
 */
export function Pager({ direction, current, isLast, onTurn, onFinish, finishing }: PagerProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const arrows = pagerArrows(direction);
  return (
    <nav className={styles.pager} dir={direction} aria-label={t('reader.pagesNav')}>
      <Button variant="secondary" onClick={() => onTurn(-1)} disabled={current <= 1}>
        <span className={styles.arrow} aria-hidden="true">
          {arrows.previous}
        </span>
        <span lang={language} dir="auto">
          {t('reader.previous')}
        </span>
      </Button>
      {isLast ? (
        <Button onClick={onFinish} busy={finishing} busyLabel={t('reader.finishing')}>
          <span lang={language} dir="auto">
            {t('reader.finish')}
          </span>
        </Button>
      ) : (
        <Button onClick={() => onTurn(1)}>
          <span lang={language} dir="auto">
            {t('reader.next')}
          </span>
          <span className={styles.arrow} aria-hidden="true">
            {arrows.next}
          </span>
        </Button>
      )}
    </nav>
  );
}
