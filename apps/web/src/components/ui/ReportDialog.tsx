import { REPORT_DETAILS_MAX, REPORT_REASONS, type ReportReason } from '@sahifa/contracts/moderation';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from './Alert.tsx';
import { Button } from './Button.tsx';
import choices from './Choices.module.css';
import fieldStyles from './Field.module.css';
import { ModalFrame } from './ModalFrame.tsx';
import styles from './ReportDialog.module.css';

export interface ReportChoice {
  reason: ReportReason;
  details: string;
}

interface ReportDialogProps {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  /** "Report this thought", … */
  title: string;
  busy: boolean;
  /** Why the last attempt failed, shown in the dialog. */
  error: string | null;
  /** The report was received: the dialog thanks the member and offers only Close. */
  sent: boolean;
  onSubmit: (choice: ReportChoice) => void;
}

/** Why something breaks the rules: one reason (radio group) and optional details, in a modal. */
export function ReportDialog({
  isOpen,
  onOpenChange,
  title,
  busy,
  error,
  sent,
  onSubmit,
}: ReportDialogProps) {
  return (
    <ModalFrame
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      busy={busy}
      title={title}
      role="dialog"
      width="wide"
    >
      {sent ? (
        <ReportSent onClose={() => onOpenChange(false)} />
      ) : (
        <ReportForm busy={busy} error={error} onCancel={() => onOpenChange(false)} onSubmit={onSubmit} />
      )}
    </ModalFrame>
  );
}

function ReportSent({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Alert tone="success">{t('moderation.thanks')}</Alert>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onClose} autoFocus>
          {t('common.close')}
        </Button>
      </div>
    </>
  );
}

interface ReportFormProps {
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  onSubmit: (choice: ReportChoice) => void;
}

function ReportForm({ busy, error, onCancel, onSubmit }: ReportFormProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [missingReason, setMissingReason] = useState(false);
  const reasonErrorId = useId();
  const detailsId = useId();
  const counterId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!reason) {
      setMissingReason(true);
      event.currentTarget.querySelector<HTMLInputElement>('input[type="radio"]')?.focus();
      return;
    }
    onSubmit({ reason, details: details.trim() });
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <fieldset
        className={choices.group}
        aria-describedby={missingReason ? reasonErrorId : undefined}
        disabled={busy}
      >
        <legend className={choices.legend}>{t('moderation.reasonLegend')}</legend>
        {REPORT_REASONS.map((value) => (
          <label key={value} className={choices.choice}>
            <input
              type="radio"
              name="reason"
              value={value}
              checked={reason === value}
              onChange={() => {
                setReason(value);
                setMissingReason(false);
              }}
            />
            <span>{t(`moderation.reasons.${value}`)}</span>
          </label>
        ))}
        {missingReason ? (
          <p id={reasonErrorId} className={fieldStyles.error} role="alert">
            {t('moderation.reasonRequired')}
          </p>
        ) : null}
      </fieldset>
      <div className={styles.field}>
        <label className={styles.legend} htmlFor={detailsId}>
          {t('moderation.detailsLabel')} <span className={styles.optional}>{t('moderation.optional')}</span>
        </label>
        <textarea
          id={detailsId}
          name="details"
          className={fieldStyles.textArea}
          rows={3}
          maxLength={REPORT_DETAILS_MAX}
          value={details}
          onChange={(event) => setDetails(event.target.value)}
          aria-describedby={counterId}
          disabled={busy}
          dir="auto"
        />
        <p id={counterId} className={styles.counter}>
          <bdi dir="ltr">{t('moderation.counter', { count: details.length, max: REPORT_DETAILS_MAX })}</bdi>
        </p>
      </div>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className={styles.actions}>
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" busy={busy} busyLabel={t('moderation.sending')}>
          {t('moderation.send')}
        </Button>
      </div>
    </form>
  );
}
