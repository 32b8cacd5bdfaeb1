import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '#web/components/ui/Button.tsx';
import { Icon } from '#web/components/ui/Icon.tsx';
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
  /** "Ask MoejrAI about this book": a new conversation scoped to the book. */
  askPath: string;
}

const LANGS: ReadonlyArray<{ value: ReadingLang; label: string }> = [
  { value: 'en', label: 'English' },
  { value: 'ar', label: 'العربية' },
];

/** The reading language, the text size, the bookmark and a question to MoejrAI about the book. */
export function ReaderToolbar({
  lang,
  onLanguage,
  fontStep,
  onFontSize,
  bookmark,
  askPath,
}: ReaderToolbarProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.toolbar}>
      {/* Two toggle buttons, not a radio group: arrow keys turn pages wherever focus is. */}
      {/* biome-ignore lint/a11y/useSemanticElements: a labelled group of two buttons, not a form fieldset */}
      <div className={styles.langGroup} role="group" aria-label={t('reader.languageLabel')}>
        <div className={styles.segments}>
          {LANGS.map(({ value, label }) => (
            <button
              key={value}
              type="button"
              className={styles.segment}
              aria-pressed={lang === value}
              onClick={() => {
                if (lang !== value) onLanguage(value);
              }}
            >
              <span lang={value}>{label}</span>
            </button>
          ))}
        </div>
      </div>

      {/* biome-ignore lint/a11y/useSemanticElements: a labelled group of two buttons, not a form fieldset */}
      <div className={styles.sizeGroup} role="group" aria-label={t('reader.textSize')}>
        <Button
          variant="ghost"
          size="small"
          className={styles.sizeButton}
          onClick={() => onFontSize(-1)}
          disabled={fontStep === 0}
        >
          {/* Isolated left to right: "A−" must not turn into "−A" in the Arabic interface. The name
              is "A− Smaller text": it holds the label a person sees (and may say to voice control). */}
          <span dir="ltr">A−</span>
          <span className="visually-hidden"> {t('reader.smaller')}</span>
        </Button>
        <Button
          variant="ghost"
          size="small"
          className={`${styles.sizeButton} ${styles.sizeLarge}`}
          onClick={() => onFontSize(1)}
          disabled={fontStep === MAX_FONT_SIZE_STEP}
        >
          <span dir="ltr">A+</span>
          <span className="visually-hidden"> {t('reader.larger')}</span>
        </Button>
      </div>

      {bookmark}

      <ButtonLink
        to={askPath}
        variant="ghost"
        size="small"
        className={styles.ask}
        aria-label={t('assistant.askAboutBook')}
        title={t('assistant.askAboutBook')}
      >
        <Icon name="assistant" />
        <span>{t('assistant.title')}</span>
      </ButtonLink>
    </div>
  );
}
