import type { PageInput } from '@sahifa/contracts/publishing';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/Button.tsx';
import type { PageLang } from '#web/features/publishing/form.ts';
import styles from './PagePreview.module.css';

/** Paragraphs of a content field: blank lines separate them, single line breaks stay. */
function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/u)
    .map((p) => p.trim())
    .filter(Boolean);
}

const SECTIONS = [
  ['subHeader', 'content1'],
  ['subHeader2', 'content2'],
  ['subHeader3', 'content3'],
  ['subHeader4', 'content4'],
] as const;

/**
 * The pages as the reader shows them: one at a time, header then each sub-header and its text, in
 * the page's language and direction. (The reader feature is built separately; features do not
 * import each other, so this mirrors its page layout.)
 */
export function PagePreview({ pages, lang }: { pages: PageInput[]; lang: PageLang }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  if (pages.length === 0) return <p className={styles.empty}>{t('publishing.preview.empty')}</p>;
  const current = Math.min(index, pages.length - 1);
  const page = pages[current];
  if (!page) return null;
  return (
    <div className={styles.preview}>
      <article className={styles.page} dir={lang === 'ar' ? 'rtl' : 'ltr'} lang={lang}>
        <h3 className={styles.header}>{page.header}</h3>
        {SECTIONS.map(([sub, content]) => {
          const heading = page[sub] ?? '';
          const body = page[content] ?? '';
          if (!heading && !body) return null;
          return (
            <section key={sub} className={styles.section}>
              {heading ? <h4 className={styles.subHeader}>{heading}</h4> : null}
              {paragraphs(body).map((text, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one text, in order
                <p key={i}>{text}</p>
              ))}
            </section>
          );
        })}
      </article>
      <nav className={styles.pager} aria-label={t('publishing.preview.pager')}>
        <Button
          variant="secondary"
          size="small"
          disabled={current === 0}
          onClick={() => setIndex(current - 1)}
        >
          {t('publishing.preview.previous')}
        </Button>
        <span aria-live="polite">
          {t('publishing.preview.pageOf', { page: current + 1, total: pages.length })}
        </span>
        <Button
          variant="secondary"
          size="small"
          disabled={current >= pages.length - 1}
          onClick={() => setIndex(current + 1)}
        >
          {t('publishing.preview.next')}
        </Button>
      </nav>
    </div>
  );
}
