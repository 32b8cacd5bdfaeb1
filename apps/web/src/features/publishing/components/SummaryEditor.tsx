import type { Category } from '@sahifa/contracts';
import type { SavedSummary } from '@sahifa/contracts/publishing';
import { type FormEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/Alert.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import field from '../../../components/ui/Field.module.css';
import type { SummaryUpload } from '../api/create-summary.ts';
import {
  clearDraft,
  clearDraftText,
  loadDraft,
  loadDraftCover,
  saveDraft,
  saveDraftCover,
} from '../draft.ts';
import {
  FIELD_LIMITS,
  type FormError,
  isBlankForm,
  langOfPath,
  PAGE_LISTS,
  type PageLang,
  type SummaryForm,
  toSummaryInput,
  validateSummary,
} from '../form.ts';
import { serverErrorKey } from '../server-error.ts';
import { ConfirmAction } from './ConfirmAction.tsx';
import { CoverInput } from './CoverInput.tsx';
import { CountedField } from './Fields.tsx';
import { PagePreview } from './PagePreview.tsx';
import { PagesEditor } from './PagesEditor.tsx';
import styles from './SummaryEditor.module.css';
import { TagsInput } from './TagsInput.tsx';

const DRAFT_DELAY_MS = 400;

interface SummaryEditorProps {
  mode: 'add' | 'edit';
  title: string;
  intro: string;
  /** localStorage key of the draft (`addBookDraft`, `editBookDraft:<id>`). */
  draftKey: string;
  /** The form before any change: empty (add) or the author's summary (edit). */
  initialForm: SummaryForm;
  /** Edit: the current cover's URL. */
  currentCover?: string | null;
  categories: Category[];
  save: (upload: SummaryUpload) => Promise<SavedSummary>;
  onSaved: (saved: SavedSummary) => void;
  /** Under the form (edit: deleting the summary). */
  children?: ReactNode;
}

/** The add and edit summary form: fields, cover, pages in both languages, preview, draft, checks. */
export function SummaryEditor({
  mode,
  title,
  intro,
  draftKey,
  initialForm,
  currentCover = null,
  categories,
  save,
  onSaved,
  children,
}: SummaryEditorProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const prefix = useId();
  const fieldId = useCallback((path: string) => `${prefix}-${path.replaceAll('.', '-')}`, [prefix]);

  const [restored] = useState(() => {
    const draft = loadDraft(draftKey);
    return draft && !(mode === 'add' && isBlankForm(draft.form)) ? draft : null;
  });
  const [form, setForm] = useState<SummaryForm>(() => restored?.form ?? initialForm);
  const [removeCover, setRemoveCover] = useState(restored?.removeCover ?? false);
  const [coverFile, setCoverFile] = useState<File | null>(null);
  const [coverError, setCoverError] = useState<string | null>(null);
  const [coverKept, setCoverKept] = useState(true);
  const [restoredNotice, setRestoredNotice] = useState(restored !== null);
  const [draftKept, setDraftKept] = useState(true);
  const [lang, setLang] = useState<PageLang>('en');
  const [previewing, setPreviewing] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [summaryPaths, setSummaryPaths] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<unknown>(null);
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  /** The member changed something: from now on the form is kept as a draft. */
  const dirty = useRef(restored !== null);
  /** Published or saved: nothing more is written to the draft. */
  const done = useRef(false);

  // The draft's cover comes back from IndexedDB (localStorage keeps only text).
  useEffect(() => {
    let live = true;
    void loadDraftCover(draftKey).then((file) => {
      if (live && file && !done.current) setCoverFile((current) => current ?? file);
    });
    return () => {
      live = false;
    };
  }, [draftKey]);

  // Text and pages are written to the draft a moment after each change.
  useEffect(() => {
    if (!dirty.current || done.current) return;
    const timer = setTimeout(() => {
      if (done.current) return;
      if (mode === 'add' && isBlankForm(form)) clearDraftText(draftKey);
      else setDraftKept(saveDraft(draftKey, { form, removeCover, savedAt: new Date().toISOString() }));
    }, DRAFT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [form, removeCover, draftKey, mode]);

  // Focus moves once the render that shows the target (another tab, the editor) is done.
  useEffect(() => {
    if (!focusTarget) return;
    const element = document.getElementById(focusTarget);
    if (element) {
      element.focus({ preventScroll: true });
      element.scrollIntoView({ block: 'center' });
    }
    setFocusTarget(null);
  }, [focusTarget]);

  function change(update: (previous: SummaryForm) => SummaryForm) {
    dirty.current = true;
    setForm(update);
  }
  const setText =
    (name: 'title' | 'author' | 'categoryId' | 'aboutBook' | 'bookReference') => (value: string) =>
      change((previous) => ({ ...previous, [name]: value }));

  function chooseCover(file: File | null) {
    dirty.current = true;
    setCoverFile(file);
    if (file) setRemoveCover(false);
    void saveDraftCover(draftKey, file).then((kept) => setCoverKept(kept || !file));
  }

  function discardDraft() {
    clearDraft(draftKey);
    dirty.current = false;
    setForm(initialForm);
    setRemoveCover(false);
    setCoverFile(null);
    setCoverError(null);
    setRestoredNotice(false);
    setSubmitted(false);
    setSummaryPaths([]);
    setServerError(null);
  }

  // ---------- checks ----------

  /** The category must be one the server knows (a stale draft may name one that is gone). */
  const knownCategory = categories.some((c) => c.id === form.categoryId);
  const checked: SummaryForm = knownCategory ? form : { ...form, categoryId: '' };
  const problems = submitted ? validateSummary(checked) : [];
  const problemAt = new Map(problems.map((p) => [p.path, p]));

  const labelOf = (path: string): string => {
    const parts = path.split('.');
    if (parts.length === 3) return t(`publishing.pageFields.${parts[2]}`);
    if (path === 'enPages' || path === 'arPages') return t(`publishing.langs.${langOfPath(path)}`);
    return t(`publishing.fields.${path}`);
  };
  const messageOf = (problem: FormError): string =>
    t(`publishing.errors.${problem.code}`, { field: labelOf(problem.path), ...problem.values });
  const errorFor = (path: string): string | null => {
    const problem = problemAt.get(path);
    return problem ? messageOf(problem) : null;
  };
  /** The summary's line: where (which page) and what. */
  const summaryLine = (problem: FormError): string => {
    const parts = problem.path.split('.');
    const pageLang = langOfPath(problem.path);
    if (parts.length === 3 && pageLang)
      return t('publishing.errors.onPage', {
        lang: t(`publishing.langs.${pageLang}`),
        page: Number(parts[1]) + 1,
        message: messageOf(problem),
      });
    return messageOf(problem);
  };
  const targetOf = (path: string): string =>
    path === 'pages' || path === 'enPages' || path === 'arPages' ? fieldId('pages') : fieldId(path);

  function focusProblem(path: string) {
    const pageLang = langOfPath(path);
    if (pageLang) setLang(pageLang);
    setPreviewing(false);
    setFocusTarget(targetOf(path));
  }

  const errorCount = (pageLang: PageLang) =>
    problems.filter((p) => p.path.startsWith(PAGE_LISTS[pageLang])).length;

  // ---------- submit ----------

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    setServerError(null);
    const found = validateSummary(checked);
    setSummaryPaths(found.map((p) => p.path));
    const first = found[0];
    if (first) {
      focusProblem(first.path);
      return;
    }
    setBusy(true);
    try {
      const saved = await save({
        input: toSummaryInput(form, { removeCover: mode === 'edit' && removeCover && !coverFile }),
        cover: coverFile,
      });
      done.current = true;
      clearDraft(draftKey);
      onSaved(saved);
    } catch (error) {
      setServerError(error);
      setFocusTarget(fieldId('server-error'));
    } finally {
      setBusy(false);
    }
  }

  const summaryProblems = summaryPaths
    .map((path) => problemAt.get(path))
    .filter((p): p is FormError => p !== undefined);
  const failure = serverError ? serverErrorKey(serverError) : null;
  const pagesFor = (pageLang: PageLang) => toSummaryInput(form)[PAGE_LISTS[pageLang]] ?? [];

  return (
    <div className={styles.editor}>
      <form className={styles.editor} noValidate onSubmit={onSubmit}>
        <header>
          <h1>{title}</h1>
          <p className={styles.intro}>{intro}</p>
        </header>

        {restoredNotice ? (
          <div className={styles.notice} role="status">
            <p>{mode === 'add' ? t('publishing.draft.restored') : t('publishing.draft.restoredEdit')}</p>
            <div className={styles.inlineActions}>
              <ConfirmAction
                label={t('publishing.draft.discard')}
                question={t('publishing.draft.discardQuestion')}
                confirmLabel={t('publishing.draft.discardConfirm')}
                onConfirm={discardDraft}
              />
              <Button variant="ghost" size="small" onClick={() => setRestoredNotice(false)}>
                {t('publishing.draft.keep')}
              </Button>
            </div>
          </div>
        ) : null}

        {failure ? (
          <div id={fieldId('server-error')} tabIndex={-1} className={styles.focusable}>
            <Alert tone="error">
              <p>
                <strong>
                  {t(
                    mode === 'add' ? 'publishing.serverErrors.titleAdd' : 'publishing.serverErrors.titleEdit',
                  )}
                </strong>
              </p>
              <p>{t(`publishing.serverErrors.${failure.key}`)}</p>
              {failure.detail ? (
                <p dir="auto" className={styles.detail}>
                  {failure.detail}
                </p>
              ) : null}
            </Alert>
          </div>
        ) : null}

        {summaryProblems.length > 0 ? (
          <div className={styles.errorSummary} role="alert">
            <h2 className={styles.errorSummaryTitle}>{t('publishing.errors.summaryTitle')}</h2>
            <ul>
              {summaryProblems.map((problem) => (
                <li key={problem.path}>
                  <a
                    href={`#${targetOf(problem.path)}`}
                    onClick={(event) => {
                      event.preventDefault();
                      focusProblem(problem.path);
                    }}
                  >
                    {summaryLine(problem)}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}

        <section className={styles.card} aria-labelledby={fieldId('about-heading')}>
          <h2 id={fieldId('about-heading')} className={styles.cardTitle}>
            {t('publishing.sections.book')}
          </h2>
          <div className={styles.twoColumns}>
            <CountedField
              id={fieldId('title')}
              label={t('publishing.fields.title')}
              value={form.title}
              onChange={setText('title')}
              limit={FIELD_LIMITS.title}
              counterFrom={0.8}
              required
              error={errorFor('title')}
            />
            <CountedField
              id={fieldId('author')}
              label={t('publishing.fields.author')}
              value={form.author}
              onChange={setText('author')}
              limit={FIELD_LIMITS.author}
              counterFrom={0.8}
              required
              error={errorFor('author')}
            />
          </div>
          <div className={field.field}>
            <label className={field.label} htmlFor={fieldId('categoryId')}>
              {t('publishing.fields.categoryId')}
              <span className={styles.required}> {t('publishing.requiredMark')}</span>
            </label>
            <span className={field.selectWrap}>
              <select
                id={fieldId('categoryId')}
                className={`${field.control} ${field.select}`}
                value={knownCategory ? form.categoryId : ''}
                required
                aria-invalid={errorFor('categoryId') ? true : undefined}
                aria-describedby={errorFor('categoryId') ? `${fieldId('categoryId')}-error` : undefined}
                onChange={(event) => setText('categoryId')(event.target.value)}
              >
                <option value="">{t('publishing.chooseCategory')}</option>
                {categories.map((category) => (
                  <option key={category.id} value={category.id}>
                    {language === 'ar' && category.titleAr.trim() ? category.titleAr : category.title}
                  </option>
                ))}
              </select>
            </span>
            {errorFor('categoryId') ? (
              <p id={`${fieldId('categoryId')}-error`} className={field.error}>
                {errorFor('categoryId')}
              </p>
            ) : null}
          </div>
          <TagsInput
            id={fieldId('tags')}
            tags={form.tags}
            onChange={(tags) => change((previous) => ({ ...previous, tags }))}
            error={errorFor('tags')}
          />
          <CountedField
            id={fieldId('aboutBook')}
            label={t('publishing.fields.aboutBook')}
            hint={t('publishing.hints.aboutBook')}
            value={form.aboutBook}
            onChange={setText('aboutBook')}
            limit={FIELD_LIMITS.aboutBook}
            multiline
            rows={4}
            error={errorFor('aboutBook')}
          />
          <CountedField
            id={fieldId('bookReference')}
            label={t('publishing.fields.bookReference')}
            hint={t('publishing.hints.bookReference')}
            value={form.bookReference}
            onChange={setText('bookReference')}
            limit={FIELD_LIMITS.bookReference}
            multiline
            rows={2}
            error={errorFor('bookReference')}
          />
        </section>

        <section className={styles.card} aria-label={t('publishing.cover.legend')}>
          <CoverInput
            id={fieldId('cover')}
            file={coverFile}
            onFile={chooseCover}
            currentUrl={currentCover}
            removeCover={removeCover}
            onRemoveCover={(remove) => {
              dirty.current = true;
              setRemoveCover(remove);
            }}
            keptWithDraft={coverKept}
            error={coverError}
            onError={setCoverError}
          />
        </section>

        <section className={styles.card} aria-labelledby={fieldId('pages')}>
          <div className={styles.pagesHead}>
            <h2 id={fieldId('pages')} tabIndex={-1} className={`${styles.cardTitle} ${styles.focusable}`}>
              {t('publishing.sections.pages')}
            </h2>
            <Button variant="secondary" size="small" onClick={() => setPreviewing((p) => !p)}>
              {previewing ? t('publishing.preview.close') : t('publishing.preview.open')}
            </Button>
          </div>
          <p className={field.hint}>{t('publishing.hints.pages')}</p>
          {errorFor('pages') ? <p className={field.error}>{errorFor('pages')}</p> : null}
          <Tabs selectedKey={lang} onSelectionChange={(key) => setLang(key === 'ar' ? 'ar' : 'en')}>
            <TabList aria-label={t('publishing.pages.languages')} className={styles.tabList}>
              {(['en', 'ar'] as const).map((pageLang) => {
                const count = form[PAGE_LISTS[pageLang]].length;
                const errors = errorCount(pageLang);
                return (
                  <Tab key={pageLang} id={pageLang} className={styles.tab}>
                    <span>{t(`publishing.langs.${pageLang}`)}</span>
                    <span className={styles.tabCount}>{t('publishing.pages.count', { count })}</span>
                    {errors > 0 ? (
                      <span className={styles.tabErrors}>
                        {t('publishing.errors.count', { count: errors })}
                      </span>
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
                    onChange={(pages) =>
                      change((previous) => ({ ...previous, [PAGE_LISTS[pageLang]]: pages }))
                    }
                    fieldId={fieldId}
                    errorFor={errorFor}
                  />
                )}
              </TabPanel>
            ))}
          </Tabs>
        </section>

        <div className={styles.submitBar}>
          <Button
            type="submit"
            busy={busy}
            busyLabel={mode === 'add' ? t('publishing.publishing') : t('publishing.saving')}
          >
            {mode === 'add' ? t('publishing.publish') : t('publishing.save')}
          </Button>
          <p className={styles.draftState}>
            {draftKept ? t(`publishing.draft.kept.${mode}`) : t('publishing.draft.notKept')}
          </p>
        </div>
      </form>
      {children}
    </div>
  );
}
