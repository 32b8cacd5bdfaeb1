import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/Button.tsx';
import field from '#web/components/ui/Field.module.css';
import {
  PAGE_LISTS,
  type PageDraft,
  type PageLang,
  type SummaryForm,
  toSummaryInput,
} from '#web/features/publishing/form.ts';
import { PagePreview } from './PagePreview.tsx';
import { PagesEditor } from './PagesEditor.tsx';
import styles from './SummaryEditor.module.css';

interface PagesSectionProps {
  form: SummaryForm;
  onPages: (lang: PageLang, pages: PageDraft[]) => void;
  /** The language tab shown. */
  lang: PageLang;
  onLang: (lang: PageLang) => void;
  /** The pages as readers will see them, instead of the editor. */
  previewing: boolean;
  onTogglePreview: () => void;
  fieldId: (path: string) => string;
  errorFor: (path: string) => string | null;
  errorCount: (lang: PageLang) => number;
}

/** The pages in English and Arabic, one tab each, edited or previewed. */
export function PagesSection({
  form,
  onPages,
  lang,
  onLang,
  previewing,
  onTogglePreview,
  fieldId,
  errorFor,
  errorCount,
}: PagesSectionProps) {
  const { t } = useTranslation();
  const pagesFor = (pageLang: PageLang) => toSummaryInput(form)[PAGE_LISTS[pageLang]] ?? [];
  return (
    <section className={styles.card} aria-labelledby={fieldId('pages')}>
      <div className={styles.pagesHead}>
        <h2 id={fieldId('pages')} tabIndex={-1} className={`${styles.cardTitle} ${styles.focusable}`}>
          {t('publishing.sections.pages')}
        </h2>
        <Button variant="secondary" size="small" onClick={onTogglePreview}>
          {previewing ? t('publishing.preview.close') : t('publishing.preview.open')}
        </Button>
      </div>
      <p className={field.hint}>{t('publishing.hints.pages')}</p>
      {errorFor('pages') ? <p className={field.error}>{errorFor('pages')}</p> : null}
      <Tabs selectedKey={lang} onSelectionChange={(key) => onLang(key === 'ar' ? 'ar' : 'en')}>
        <TabList aria-label={t('publishing.pages.languages')} className={styles.tabList}>
          {(['en', 'ar'] as const).map((pageLang) => {
            const count = form[PAGE_LISTS[pageLang]].length;
            const errors = errorCount(pageLang);
            return (
              <Tab key={pageLang} id={pageLang} className={styles.tab}>
                <span>{t(`publishing.langs.${pageLang}`)}</span>
                <span className={styles.tabCount}>{t('publishing.pages.count', { count })}</span>
                {errors > 0 ? (
                  <span className={styles.tabErrors}>{t('publishing.errors.count', { count: errors })}</span>
                ) : null}
              </Tab>
            );
          })}
        </TabList>
        {(['en', 'ar'] as const).map((pageLang) => (
          <TabPanel key={pageLang} id={pageLang} className={styles.tabPanel}>
            {errorFor(PAGE_LISTS[pageLang]) ? (
              <p className={field.error}>{errorFor(PAGE_LISTS[pageLang])}</p>
            ) : null}
            {previewing ? (
              <PagePreview pages={pagesFor(pageLang)} lang={pageLang} />
            ) : (
              <PagesEditor
                lang={pageLang}
                pages={form[PAGE_LISTS[pageLang]]}
                onChange={(pages) => onPages(pageLang, pages)}
                fieldId={fieldId}
                errorFor={errorFor}
              />
            )}
          </TabPanel>
        ))}
      </Tabs>
    </section>
  );
}
