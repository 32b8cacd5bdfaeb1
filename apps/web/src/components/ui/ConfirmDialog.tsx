import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from './Alert.tsx';
import { Button } from './Button.tsx';
import styles from './ConfirmDialog.module.css';
import { ModalFrame } from './ModalFrame.tsx';

interface ConfirmDialogProps {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busyLabel?: string;
  busy?: boolean;
  /** Shown in the dialog when the action failed. */
  error?: string | null;
  onConfirm: () => void;
}

/** A modal "are you sure?" for destructive actions (focus trapped, Escape cancels). */
export function ConfirmDialog({
  isOpen,
  onOpenChange,
  title,
  children,
  confirmLabel,
  busyLabel,
  busy = false,
  error,
  onConfirm,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <ModalFrame
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      busy={busy}
      title={title}
      role="alertdialog"
      width="narrow"
      className={styles.dialog}
    >
      <div>{children}</div>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className={styles.actions}>
        <Button variant="ghost" onClick={() => onOpenChange(false)} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button className={styles.danger} onClick={onConfirm} busy={busy} busyLabel={busyLabel}>
          {confirmLabel}
        </Button>
      </div>
    </ModalFrame>
  );
}
