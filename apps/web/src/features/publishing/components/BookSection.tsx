import type { Category } from '@sahifa/contracts';
import { useTranslation } from 'react-i18next';
import field from '#web/components/ui/Field.module.css';
import { FIELD_LIMITS, type SummaryForm, type TextField } from '#web/features/publishing/form.ts';
import { CountedField } from './Fields.tsx';
import styles from './SummaryEditor.module.css';
import { TagsInput } from './TagsInput.tsx';

interface BookSectionProps {
  form: SummaryForm;
  setText: (name: TextField) => (value: string) => void;
  onTags: (tags: string[]) => void;
  categories: Category[];
  /** False when the form names a category the server does not know (a stale draft): none is selected. */
  knownCategory: boolean;
  fieldId: (path: string) => string;
  errorFor: (path: string) => string | null;
}

/** The book: title, author, category, tags, what it is about and its reference. */
export function BookSection({
  form,
  setText,
  onTags,
  categories,
  knownCategory,
  fieldId,
  errorFor,
}: BookSectionProps) {
  const { t } = useTranslation();
  return (
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
      <div className={styles.twoColumns}>
        <CountedField
          id={fieldId('titleAr')}
          label={t('publishing.fields.titleAr')}
          hint={t('publishing.hints.titleAr')}
          value={form.titleAr}
          onChange={setText('titleAr')}
          limit={FIELD_LIMITS.titleAr}
          counterFrom={0.8}
          dir="rtl"
          lang="ar"
          error={errorFor('titleAr')}
        />
        <CountedField
          id={fieldId('authorAr')}
          label={t('publishing.fields.authorAr')}
          hint={t('publishing.hints.authorAr')}
          value={form.authorAr}
          onChange={setText('authorAr')}
          limit={FIELD_LIMITS.authorAr}
          counterFrom={0.8}
          dir="rtl"
          lang="ar"
          error={errorFor('authorAr')}
        />
      </div>
      <CategorySelect
        id={fieldId('categoryId')}
        value={knownCategory ? form.categoryId : ''}
        onChange={setText('categoryId')}
        categories={categories}
        error={errorFor('categoryId')}
      />
      <TagsInput id={fieldId('tags')} tags={form.tags} onChange={onTags} error={errorFor('tags')} />
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
  );
}

function CategorySelect({
  id,
  value,
  onChange,
  categories,
  error,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  categories: Category[];
  error: string | null;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return (
    <div className={field.field}>
      <label className={field.label} htmlFor={id}>
        {t('publishing.fields.categoryId')}
        <span className={styles.required}> {t('publishing.requiredMark')}</span>
      </label>
      <span className={field.selectWrap}>
        <select
          id={id}
          className={`${field.control} ${field.select}`}
          value={value}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">{t('publishing.chooseCategory')}</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {language === 'ar' && category.titleAr.trim() ? category.titleAr : category.title}
            </option>
          ))}
        </select>
      </span>
      {error ? (
        <p id={`${id}-error`} className={field.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
