import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/Button.tsx';
import styles from './SummaryEditor.module.css';

interface ConfirmActionProps {
  /** The button that starts the action. */
  label: ReactNode;
  /** The question asked before doing it; without one, the action runs at once. */
  question?: ReactNode;
  confirmLabel: ReactNode;
  onConfirm: () => void;
  variant?: 'secondary' | 'ghost';
  busy?: boolean;
  /** Extra description of the trigger for screen readers ("Remove page 2"). */
  ariaLabel?: string;
  id?: string;
}

/** A destructive action asked about in place (no modal): the question, then "yes" or "cancel". */
export function ConfirmAction({
  label,
  question,
  confirmLabel,
  onConfirm,
  variant = 'ghost',
  busy = false,
  ariaLabel,
  id,
}: ConfirmActionProps) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);
  const questionId = useId();

  useEffect(() => {
    if (asking) confirmRef.current?.focus();
    else if (wasAsking.current) triggerRef.current?.focus();
    wasAsking.current = asking;
  }, [asking]);

  if (!asking) {
    return (
      <Button
        id={id}
        ref={triggerRef}
        variant={variant}
        size="small"
        aria-label={ariaLabel}
        onClick={() => (question ? setAsking(true) : onConfirm())}
      >
        {label}
      </Button>
    );
  }
  return (
    <div className={styles.confirm}>
      <p id={questionId} className={styles.confirmQuestion}>
        {question}
      </p>
      <div className={styles.inlineActions}>
        <Button
          ref={confirmRef}
          variant="secondary"
          size="small"
          busy={busy}
          onClick={onConfirm}
          aria-describedby={questionId}
        >
          {confirmLabel}
        </Button>
        <Button variant="ghost" size="small" onClick={() => setAsking(false)} disabled={busy}>
          {t('publishing.cancel')}
        </Button>
      </div>
    </div>
  );
}
