import { SUPPORT_LIMITS, type SupportMessage } from '@sahifa/contracts/support';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '#web/components/ui/Alert.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import fieldStyles from '#web/components/ui/Field.module.css';
import { TextField } from '#web/components/ui/TextField.tsx';
import { useSendSupportMessage } from '#web/features/support/api/send-support-message.ts';
import {
  type FieldProblem,
  fieldErrorFromApi,
  type SupportFormErrors,
  validateSupportForm,
} from '#web/features/support/form.ts';
import { currentDeviceInfo } from '#web/lib/device.ts';
import { errorMessageOf } from '#web/lib/error-message.ts';
import { DeviceDetails } from './DeviceDetails.tsx';
import styles from './Support.module.css';

interface SupportFormProps {
  /** The account's address: the reply-to, until the member changes it. */
  defaultEmail: string;
  /** A message is on its way (a previous confirmation no longer applies). */
  onSending: () => void;
  onSent: (message: SupportMessage) => void;
}

/** The message (required, with a live count), the reply-to address, and what the browser adds. */
export function SupportForm({ defaultEmail, onSending, onSent }: SupportFormProps) {
  const { t } = useTranslation();
  const send = useSendSupportMessage();
  const [message, setMessage] = useState('');
  const [email, setEmail] = useState(defaultEmail);
  const [errors, setErrors] = useState<SupportFormErrors>({});
  const [deviceInfo] = useState(currentDeviceInfo);
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const messageId = useId();
  const counterId = useId();
  const messageErrorId = useId();

  const problem = (found: FieldProblem | undefined) =>
    found
      ? 'key' in found
        ? t(`support.errors.${found.key}`, { max: SUPPORT_LIMITS.message })
        : found.text
      : null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateSupportForm({ message, email });
    setErrors(found);
    if (found.message) return messageRef.current?.focus();
    if (found.email) return emailRef.current?.focus();
    onSending();
    send.mutate(
      { message: message.trim(), email: email.trim(), deviceInfo },
      {
        onSuccess: (sent) => {
          setMessage('');
          onSent(sent);
        },
        onError: (error) => {
          const fields = fieldErrorFromApi(error);
          if (fields) setErrors(fields);
        },
      },
    );
  }

  const messageError = problem(errors.message);
  const formError =
    send.isError && !fieldErrorFromApi(send.error)
      ? errorMessageOf(send.error, t('support.sendFailed'))
      : null;

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="support-form-title">
      <h2 id="support-form-title" className={styles.formTitle}>
        {t('support.formTitle')}
      </h2>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={messageId}>
          {t('support.messageLabel')}
        </label>
        <textarea
          ref={messageRef}
          id={messageId}
          name="message"
          className={`${fieldStyles.textArea} ${styles.messageInput}`}
          rows={7}
          maxLength={SUPPORT_LIMITS.message}
          value={message}
          placeholder={t('support.messagePlaceholder')}
          onChange={(event) => {
            setMessage(event.target.value);
            if (errors.message) setErrors(({ message: _, ...rest }) => rest);
          }}
          aria-invalid={messageError ? true : undefined}
          aria-describedby={messageError ? `${counterId} ${messageErrorId}` : counterId}
          required
          dir="auto"
        />
        <p id={counterId} className={styles.counter}>
          <bdi dir="ltr">{t('support.counter', { count: message.length, max: SUPPORT_LIMITS.message })}</bdi>
        </p>
        {messageError ? (
          <p id={messageErrorId} className={fieldStyles.error} role="alert">
            {messageError}
          </p>
        ) : null}
      </div>
      <TextField
        inputRef={emailRef}
        label={t('support.emailLabel')}
        hint={t('support.emailHint')}
        name="email"
        type="email"
        autoComplete="email"
        dir="ltr"
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          if (errors.email) setErrors(({ email: _, ...rest }) => rest);
        }}
        error={problem(errors.email)}
        required
      />
      <DeviceDetails info={deviceInfo} />
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <div>
        <Button type="submit" busy={send.isPending} busyLabel={t('support.sending')}>
          {t('support.send')}
        </Button>
      </div>
    </form>
  );
}
