import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '#web/components/ui/Alert.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import fieldStyles from '#web/components/ui/Field.module.css';
import { FINE_POINTER, useMediaQuery } from '#web/components/ui/use-media-query.ts';
import { errorMessageOf } from '#web/lib/error-message.ts';
import styles from './Thoughts.module.css';

interface ComposerProps {
  label: string;
  placeholder: string;
  submitLabel: string;
  busyLabel: string;
  max: number;
  busy: boolean;
  error: unknown;
  failedText: string;
  /** Resolves when the text was stored (the box then empties). */
  onSubmit: (text: string) => Promise<unknown>;
  name: string;
}

/**
 * A text box with a counter; Ctrl/Cmd+Enter sends (named only where a hardware keyboard is likely);
 * blank text cannot be sent.
 */
export function Composer({
  label,
  placeholder,
  submitLabel,
  busyLabel,
  max,
  busy,
  error,
  failedText,
  onSubmit,
  name,
}: ComposerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const id = useId();
  const counterId = useId();
  const hintId = useId();
  const showShortcut = useMediaQuery(FINE_POINTER);
  const length = Array.from(text).length;
  const canSend = text.trim().length > 0 && length <= max && !busy;

  async function send() {
    if (!canSend) return;
    try {
      await onSubmit(text.trim());
      setText('');
    } catch {
      // Shown through `error`.
    }
  }

  function onFormSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void send();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void send();
    }
  }

  const message = error ? errorMessageOf(error, failedText) : null;

  return (
    <form className={styles.composer} onSubmit={onFormSubmit} noValidate>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        className={`${fieldStyles.textArea} ${styles.composerInput}`}
        rows={4}
        maxLength={max}
        value={text}
        placeholder={placeholder}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        aria-describedby={showShortcut ? `${counterId} ${hintId}` : counterId}
        dir="auto"
      />
      <div className={styles.composerFoot}>
        <p id={counterId} className={`${styles.counter} ${length > max ? styles.counterOver : ''}`}>
          <bdi dir="ltr">{t('thoughts.counter', { count: length, max })}</bdi>
        </p>
        {showShortcut ? (
          <p id={hintId} className={styles.hint}>
            {t('thoughts.shortcut')}
          </p>
        ) : null}
      </div>
      {message ? <Alert tone="error">{message}</Alert> : null}
      <div>
        <Button type="submit" disabled={!canSend} busy={busy} busyLabel={busyLabel}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
