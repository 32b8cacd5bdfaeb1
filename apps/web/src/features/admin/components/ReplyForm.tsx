import { type InboxMessage, SUPPORT_LIMITS } from '@sahifa/contracts/support';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '#web/components/ui/Alert.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import fieldStyles from '#web/components/ui/Field.module.css';
import { useSendReply } from '#web/features/admin/api/inbox-message.ts';
import { actionError } from '#web/features/admin/errors.ts';
import { newestReply, type ReplyNotice, replyNotice } from '#web/features/admin/inbox-text.ts';
import styles from './Console.module.css';

/** The answer, mailed to the message's reply-to address; then says whether the mail went out. */
export function ReplyForm({ message }: { message: InboxMessage }) {
  const { t } = useTranslation();
  const send = useSendReply(message.id);
  const [text, setText] = useState('');
  const [notice, setNotice] = useState<{ text: string; tone: ReplyNotice['tone'] } | null>(null);
  const id = useId();
  const hintId = useId();
  const counterId = useId();
  const max = SUPPORT_LIMITS.reply;
  const length = Array.from(text).length;
  const canSend = text.trim().length > 0 && length <= max && !send.isPending;
  const error = actionError(send.error, t('admin.message.replyFailed'));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSend) return;
    setNotice(null);
    try {
      const stored = await send.mutateAsync(text.trim());
      setText('');
      const { key, tone } = replyNotice(newestReply(stored));
      setNotice({ text: t(key, { email: stored.email }), tone });
    } catch {
      // Shown through `error`.
    }
  }

  return (
    <form className={`${styles.card} ${styles.form}`} onSubmit={onSubmit} noValidate>
      <label className={styles.label} htmlFor={id}>
        {t('admin.message.replyLabel')}
      </label>
      <p id={hintId} className={styles.meta}>
        {t('admin.message.replyHint')} <bdi dir="ltr">{message.email}</bdi>
      </p>
      <textarea
        id={id}
        name="body"
        className={`${fieldStyles.textArea} ${styles.replyInput}`}
        rows={6}
        maxLength={max}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setNotice(null);
        }}
        aria-describedby={`${hintId} ${counterId}`}
        dir="auto"
      />
      <p id={counterId} className={`${styles.meta} ${length > max ? styles.over : ''}`}>
        <bdi dir="ltr">{t('admin.message.counter', { count: length, max })}</bdi>
      </p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      <div>
        <Button
          type="submit"
          disabled={!canSend}
          busy={send.isPending}
          busyLabel={t('admin.message.sending')}
        >
          {t('admin.message.send')}
        </Button>
      </div>
    </form>
  );
}
