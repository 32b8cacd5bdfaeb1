import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import field from '#web/components/ui/Field.module.css';
import styles from './SummaryEditor.module.css';

interface CountedFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The most characters allowed (LIMITS); a counter shows how many are used. */
  limit: number;
  multiline?: boolean;
  rows?: number;
  required?: boolean;
  error?: string | null;
  hint?: ReactNode;
  /** Text direction and language of what is typed (Arabic pages: rtl / ar). */
  dir?: 'ltr' | 'rtl' | 'auto';
  lang?: string;
  /** Show the counter only once this share of the limit is used (short fields). */
  counterFrom?: number;
}

/** A labelled input or textarea with a character counter, a hint and its error. */
export function CountedField({
  id,
  label,
  value,
  onChange,
  limit,
  multiline = false,
  rows = 4,
  required = false,
  error,
  hint,
  dir = 'auto',
  lang,
  counterFrom = 0,
}: CountedFieldProps) {
  const { t, i18n } = useTranslation();
  const count = value.length;
  const showCounter = count >= limit * counterFrom;
  const over = count > limit;
  const numbers = new Intl.NumberFormat(`${i18n.resolvedLanguage ?? 'en'}-u-nu-latn`);
  const hintId = `${id}-hint`;
  const counterId = `${id}-counter`;
  const errorId = `${id}-error`;
  const describedBy =
    [hint && hintId, showCounter && counterId, error && errorId].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    value,
    dir,
    lang,
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    className: multiline ? `${field.textArea} ${styles.textarea}` : field.control,
  } as const;
  return (
    <div className={field.field}>
      <div className={styles.labelRow}>
        <label className={field.label} htmlFor={id}>
          {label}
          {required ? <span className={styles.required}> {t('publishing.requiredMark')}</span> : null}
        </label>
        {showCounter ? (
          <span id={counterId} className={`${styles.counter} ${over ? styles.counterOver : ''}`}>
            {t('publishing.counter', { used: numbers.format(count), max: numbers.format(limit) })}
          </span>
        ) : null}
      </div>
      {hint ? (
        <p id={hintId} className={field.hint}>
          {hint}
        </p>
      ) : null}
      {multiline ? (
        <textarea {...common} rows={rows} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...common} type="text" onChange={(event) => onChange(event.target.value)} />
      )}
      {error ? (
        <p id={errorId} className={field.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
