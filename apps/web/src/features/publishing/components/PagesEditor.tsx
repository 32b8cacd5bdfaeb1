import { LIMITS } from '@sahifa/contracts/library';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/Button.tsx';
import { Icon } from '#web/components/ui/Icon.tsx';
import {
  addPage,
  FIELD_LIMITS,
  isBlankPage,
  movePage,
  PAGE_LISTS,
  type PageDraft,
  type PageField,
  type PageLang,
  removePage,
  updatePage,
} from '#web/features/publishing/form.ts';
import { ConfirmAction } from './ConfirmAction.tsx';
import { CountedField } from './Fields.tsx';
import styles from './SummaryEditor.module.css';

interface PagesEditorProps {
  lang: PageLang;
  pages: PageDraft[];
  onChange: (pages: PageDraft[]) => void;
  /** The id of the input for a field path ('enPages.0.header'). */
  fieldId: (path: string) => string;
  /** The error to show under a field path, if any. */
  errorFor: (path: string) => string | null;
}

const SECTIONS: Array<[PageField, PageField]> = [
  ['subHeader', 'content1'],
  ['subHeader2', 'content2'],
  ['subHeader3', 'content3'],
  ['subHeader4', 'content4'],
];

/** One language's pages: edit each page's fields, add, remove (asking first if written), reorder. */
export function PagesEditor({ lang, pages, onChange, fieldId, errorFor }: PagesEditorProps) {
  const { t } = useTranslation();
  const list = PAGE_LISTS[lang];
  const [announcement, setAnnouncement] = useState('');
  /** After a move, add or remove: the element to focus once React has rendered. */
  const [focusId, setFocusId] = useState<string | null>(null);
  const addRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!focusId) return;
    const element = document.getElementById(focusId);
    element?.focus();
    element?.scrollIntoView({ block: 'nearest' });
    setFocusId(null);
  }, [focusId]);

  const controlId = (page: PageDraft, control: string) => `${fieldId(list)}-${page.key}-${control}`;
  const textDir = lang === 'ar' ? 'rtl' : 'ltr';

  function move(index: number, to: number) {
    const page = pages[index];
    if (!page) return;
    const next = movePage(pages, index, to);
    onChange(next);
    const position = next.indexOf(page);
    setAnnouncement(t('publishing.pages.moved', { from: index + 1, to: position + 1 }));
    // Keep focus on the same button, or on its twin when the page reached an end.
    const direction = to < index ? 'up' : 'down';
    const atEnd = direction === 'up' ? position === 0 : position === next.length - 1;
    setFocusId(controlId(page, atEnd ? (direction === 'up' ? 'down' : 'up') : direction));
  }

  function remove(index: number) {
    const next = removePage(pages, index);
    onChange(next);
    setAnnouncement(t('publishing.pages.removed', { page: index + 1 }));
    const neighbour = next[index] ?? next[index - 1];
    if (neighbour) setFocusId(`${fieldId(`${list}.${next.indexOf(neighbour)}.header`)}`);
    else addRef.current?.focus();
  }

  function add() {
    const next = addPage(pages);
    onChange(next);
    setFocusId(fieldId(`${list}.${next.length - 1}.header`));
  }

  return (
    <div className={styles.pages}>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {pages.length === 0 ? <p className={styles.muted}>{t(`publishing.pages.none.${lang}`)}</p> : null}
      <ol className={styles.pageList}>
        {pages.map((page, index) => {
          const path = (field: PageField) => `${list}.${index}.${field}`;
          const headingId = `${fieldId(list)}-${page.key}-heading`;
          const extraOpen = SECTIONS.slice(1).some(([sub, content]) => page[sub] || page[content]);
          const label = (field: PageField) => t(`publishing.pageFields.${field}`);
          const section = (n: number) => {
            const [subField, contentField] = SECTIONS[n] as [PageField, PageField];
            return (
              <div className={styles.section}>
                <CountedField
                  id={fieldId(path(subField))}
                  label={label(subField)}
                  value={page[subField]}
                  onChange={(value) => onChange(updatePage(pages, index, subField, value))}
                  limit={FIELD_LIMITS[subField]}
                  counterFrom={0.8}
                  error={errorFor(path(subField))}
                  dir={textDir}
                  lang={lang}
                />
                <CountedField
                  id={fieldId(path(contentField))}
                  label={label(contentField)}
                  value={page[contentField]}
                  onChange={(value) => onChange(updatePage(pages, index, contentField, value))}
                  limit={FIELD_LIMITS[contentField]}
                  multiline
                  rows={n === 0 ? 6 : 4}
                  required={n === 0}
                  error={errorFor(path(contentField))}
                  dir={textDir}
                  lang={lang}
                />
              </div>
            );
          };
          return (
            <li key={page.key} className={styles.pageCard} aria-labelledby={headingId}>
              <div className={styles.pageHead}>
                <h3 id={headingId} className={styles.pageTitle}>
                  {t('publishing.pages.pageN', { page: index + 1 })}
                </h3>
                <div className={styles.pageTools}>
                  <Button
                    id={controlId(page, 'up')}
                    variant="ghost"
                    size="small"
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                    aria-label={t('publishing.pages.moveUpLabel', { page: index + 1 })}
                  >
                    <span aria-hidden="true">↑</span> {t('publishing.pages.moveUp')}
                  </Button>
                  <Button
                    id={controlId(page, 'down')}
                    variant="ghost"
                    size="small"
                    disabled={index === pages.length - 1}
                    onClick={() => move(index, index + 1)}
                    aria-label={t('publishing.pages.moveDownLabel', { page: index + 1 })}
                  >
                    <span aria-hidden="true">↓</span> {t('publishing.pages.moveDown')}
                  </Button>
                  <ConfirmAction
                    label={t('publishing.pages.remove')}
                    ariaLabel={t('publishing.pages.removeLabel', { page: index + 1 })}
                    question={
                      isBlankPage(page)
                        ? undefined
                        : t('publishing.pages.removeQuestion', { page: index + 1 })
                    }
                    confirmLabel={t('publishing.pages.removeConfirm')}
                    onConfirm={() => remove(index)}
                  />
                </div>
              </div>
              <CountedField
                id={fieldId(path('header'))}
                label={label('header')}
                value={page.header}
                onChange={(value) => onChange(updatePage(pages, index, 'header', value))}
                limit={FIELD_LIMITS.header}
                counterFrom={0.8}
                required
                error={errorFor(path('header'))}
                dir={textDir}
                lang={lang}
              />
              {section(0)}
              <details className={styles.more} open={extraOpen || undefined}>
                <summary>{t('publishing.pages.moreSections')}</summary>
                {section(1)}
                {section(2)}
                {section(3)}
              </details>
            </li>
          );
        })}
      </ol>
      <Button
        ref={addRef}
        variant="secondary"
        onClick={add}
        disabled={pages.length >= LIMITS.pagesPerLanguage}
      >
        <Icon name="add" /> {t(`publishing.pages.add.${lang}`)}
      </Button>
    </div>
  );
}
