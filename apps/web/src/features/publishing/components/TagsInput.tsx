import { LIMITS } from '@sahifa/contracts/library';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import field from '#web/components/ui/Field.module.css';
import { Icon } from '#web/components/ui/Icon.tsx';
import { addTag, type TagProblem } from '#web/features/publishing/form.ts';
import styles from './SummaryEditor.module.css';

interface TagsInputProps {
  id: string;
  tags: string[];
  onChange: (tags: string[]) => void;
  error?: string | null;
}

/** Tags as chips: Enter or a comma adds what is typed, × removes a tag; at most LIMITS.tagsPerBook. */
export function TagsInput({ id, tags, onChange, error }: TagsInputProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<TagProblem | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const full = tags.length >= LIMITS.tagsPerBook;

  /**
   * Adds each comma-separated piece of `raw`; what could not be added stays in the box, followed by
   * `remainder` (what is typed after the last comma).
   */
  function commit(raw: string, remainder = ''): void {
    let next = tags;
    let last: TagProblem | null = null;
    const rest: string[] = [];
    for (const piece of raw.split(/[,،]/u)) {
      const result = addTag(next, piece);
      if (result.problem) {
        last = result.problem;
        if (result.problem !== 'duplicate') rest.push(piece.trim());
      }
      next = result.tags;
    }
    if (next !== tags) onChange(next);
    setProblem(last);
    setText([...rest, remainder].filter(Boolean).join(', '));
  }

  // A comma (typed, pasted, or from a phone keyboard that sends no key codes) ends a tag.
  function onInput(value: string) {
    if (problem) setProblem(null);
    if (!/[,،]/u.test(value)) {
      setText(value);
      return;
    }
    const pieces = value.split(/[,،]/u);
    const tail = pieces.pop() ?? '';
    commit(pieces.join(','), tail.trimStart());
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit(text);
    }
  }

  function remove(index: number) {
    onChange(tags.filter((_, i) => i !== index));
    setProblem(null);
    inputRef.current?.focus();
  }

  const hintId = `${id}-hint`;
  const statusId = `${id}-status`;
  const errorId = `${id}-error`;
  return (
    <div className={field.field}>
      <div className={styles.labelRow}>
        <label className={field.label} htmlFor={id}>
          {t('publishing.fields.tags')}
        </label>
        <span className={styles.counter}>
          {t('publishing.tagCount', { used: tags.length, max: LIMITS.tagsPerBook })}
        </span>
      </div>
      <p id={hintId} className={field.hint}>
        {t('publishing.hints.tags', { max: LIMITS.tagsPerBook })}
      </p>
      {tags.length > 0 ? (
        <ul className={styles.chips} aria-label={t('publishing.fields.tags')}>
          {tags.map((tag, index) => (
            <li key={tag} className={styles.chip}>
              <bdi>{tag}</bdi>
              <button
                type="button"
                className={styles.chipRemove}
                onClick={() => remove(index)}
                aria-label={t('publishing.removeTag', { tag })}
              >
                <Icon name="close" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        ref={inputRef}
        id={id}
        type="text"
        className={field.control}
        value={text}
        dir="auto"
        placeholder={full ? t('publishing.tagsFull') : t('publishing.tagPlaceholder')}
        enterKeyHint="done"
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, statusId, error && errorId].filter(Boolean).join(' ')}
        onChange={(event) => onInput(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => {
          if (text.trim()) commit(text);
        }}
      />
      <p id={statusId} className={styles.tagStatus} role="status">
        {problem
          ? t(`publishing.tagProblems.${problem}`, { max: LIMITS.tagsPerBook, length: LIMITS.tag })
          : ''}
      </p>
      {error ? (
        <p id={errorId} className={field.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
