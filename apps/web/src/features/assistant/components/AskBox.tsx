import { ASSISTANT_LIMITS } from '@sahifa/contracts/assistant';
import { hasVisibleCharacter } from '@sahifa/contracts/text';
import { type FormEvent, type KeyboardEvent, type Ref, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/Button.tsx';
import { FINE_POINTER, useMediaQuery } from '#web/components/ui/use-media-query.ts';
import styles from './Assistant.module.css';

interface AskBoxProps {
  text: string;
  onText: (text: string) => void;
  onAsk: (text: string) => void;
  onStop: () => void;
  /** An answer is on its way: Stop instead of Send. */
  answering: boolean;
  /** The conversation is being created (the first question). */
  sending: boolean;
  /** Asking is not possible now (the day's quota is used, the conversation is gone). */
  disabled: boolean;
  textareaRef?: Ref<HTMLTextAreaElement>;
}

/** Whether a question can be sent: something visible, within the limit (as the server counts). */
export function canSendQuestion(text: string): boolean {
  return hasVisibleCharacter(text) && text.trim().length <= ASSISTANT_LIMITS.message;
}

/**
 * The question box: Enter sends, Shift+Enter starts a new line; a counter up to 2,000 characters;
 * Stop while an answer streams.
 */
export function AskBox({
  text,
  onText,
  onAsk,
  onStop,
  answering,
  sending,
  disabled,
  textareaRef,
}: AskBoxProps) {
  const { t } = useTranslation();
  const id = useId();
  const counterId = useId();
  const hintId = useId();
  const showShortcut = useMediaQuery(FINE_POINTER);
  const max = ASSISTANT_LIMITS.message;
  const canSend = canSendQuestion(text) && !answering && !sending && !disabled;

  function send() {
    if (canSend) onAsk(text);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    send();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Not while an input method is composing a word (Enter then picks the word).
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  }

  return (
    <form className={styles.askBox} onSubmit={onSubmit} noValidate>
      <label className="visually-hidden" htmlFor={id}>
        {t('assistant.composerLabel')}
      </label>
      <textarea
        ref={textareaRef}
        id={id}
        name="question"
        className={styles.askInput}
        rows={2}
        maxLength={max}
        value={text}
        placeholder={t('assistant.placeholder')}
        onChange={(event) => onText(event.target.value)}
        onKeyDown={onKeyDown}
        disabled={disabled}
        aria-describedby={showShortcut ? `${counterId} ${hintId}` : counterId}
        dir="auto"
      />
      <div className={styles.askFoot}>
        <p id={counterId} className={`${styles.counter} ${text.length >= max ? styles.counterFull : ''}`}>
          <bdi dir="ltr">{t('assistant.counter', { count: text.length, max })}</bdi>
        </p>
        {showShortcut ? (
          <p id={hintId} className={styles.hint}>
            {t('assistant.shortcut')}
          </p>
        ) : null}
        {answering ? (
          <Button variant="secondary" size="small" className={styles.stop} onClick={onStop}>
            <span className={styles.stopSquare} aria-hidden="true" />
            {t('assistant.stop')}
          </Button>
        ) : (
          <Button
            type="submit"
            size="small"
            className={styles.send}
            disabled={!canSend}
            busy={sending}
            busyLabel={t('assistant.sending')}
          >
            {t('assistant.send')}
          </Button>
        )}
      </div>
    </form>
  );
}
