import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '#web/components/ui/Button.tsx';
import { formatDate } from '#web/lib/time.ts';
import styles from './Reader.module.css';

interface FinishedPanelProps {
  title: string;
  finishedAt: string;
  /** The book's preview, where it can be rated. */
  previewPath: string;
  /** The heading, which takes focus once the book is finished. */
  headingRef: Ref<HTMLHeadingElement>;
}

/** The book is finished: when, and what next (rate it, My Library, another book). */
export function FinishedPanel({ title, finishedAt, previewPath, headingRef }: FinishedPanelProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return (
    <section className={styles.finished} aria-labelledby="finished-title">
      <h2 id="finished-title" ref={headingRef} tabIndex={-1}>
        {t('reader.finishedTitle', { title })}
      </h2>
      <p>{t('reader.finishedBody', { date: formatDate(finishedAt, language) })}</p>
      <div className={styles.finishedActions}>
        <ButtonLink to={`${previewPath}#rate`}>{t('reader.rateIt')}</ButtonLink>
        <ButtonLink to="/app/my-library" variant="secondary">
          {t('reader.toMyLibrary')}
        </ButtonLink>
        <ButtonLink to="/app/books" variant="ghost">
          {t('reader.findNext')}
        </ButtonLink>
      </div>
    </section>
  );
}
