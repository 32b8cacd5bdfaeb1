import type { ReactNode } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/Button.tsx';
import { MAX_FONT_SIZE_STEP } from '#web/features/reader/font-size.ts';
import type { ReadingLang } from '#web/features/reader/navigation.ts';
import styles from './Reader.module.css';

interface ReaderToolbarProps {
  lang: ReadingLang;
  onLanguage: (lang: ReadingLang) => void;
  fontStep: number;
  onFontSize: (change: -1 | 1) => void;
  /** The bookmark button, when the route composes one in. */
  bookmark: ReactNode;
}

/** The reading language, the text size and the bookmark. */
export function ReaderToolbar({ lang, onLanguage, fontStep, onFontSize, bookmark }: ReaderToolbarProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.toolbar}>
      <RadioGroup
        className={styles.langGroup}
        value={lang}
        onChange={(value) => onLanguage(value as ReadingLang)}
        orientation="horizontal"
      >
        <Label className="visually-hidden">{t('reader.languageLabel')}</Label>
        <div className={styles.segments}>
          <Radio value="en" className={styles.segment}>
            <span lang="en">English</span>
          </Radio>
          <Radio value="ar" className={styles.segment}>
            <span lang="ar">العربية</span>
          </Radio>
        </div>
      </RadioGroup>

      {/* biome-ignore lint/a11y/useSemanticElements: a labelled group of two buttons, not a form fieldset */}
      <div className={styles.sizeGroup} role="group" aria-label={t('reader.textSize')}>
        <Button
          variant="ghost"
          size="small"
          className={styles.sizeButton}
          onClick={() => onFontSize(-1)}
          disabled={fontStep === 0}
          aria-label={t('reader.smaller')}
        >
          <span aria-hidden="true">A−</span>
        </Button>
        <Button
          variant="ghost"
          size="small"
          className={`${styles.sizeButton} ${styles.sizeLarge}`}
          onClick={() => onFontSize(1)}
          disabled={fontStep === MAX_FONT_SIZE_STEP}
          aria-label={t('reader.larger')}
        >
          <span aria-hidden="true">A+</span>
        </Button>
      </div>

      {bookmark}
    </div>
  );
}
