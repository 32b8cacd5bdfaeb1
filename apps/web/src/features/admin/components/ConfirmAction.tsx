import { type ReactNode, useState } from 'react';
import { Button } from '#web/components/ui/Button.tsx';
import { ConfirmDialog } from '#web/components/ui/ConfirmDialog.tsx';

interface ConfirmActionProps {
  /** The trigger button's text. */
  label: string;
  variant?: 'secondary' | 'ghost';
  /** Extra classes for the trigger button. */
  className?: string;
  title: string;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  /** Shown in the dialog when the action failed. */
  error: string | null;
  /** Clears a failure when the dialog closes. */
  onReset: () => void;
  /** Runs the action; call `close` when it succeeded. */
  onConfirm: (close: () => void) => void;
  children: ReactNode;
}

/** A button that asks first, in a modal, and shows the action's progress and failure there. */
export function ConfirmAction({
  label,
  variant = 'secondary',
  className,
  title,
  confirmLabel,
  busyLabel,
  busy,
  error,
  onReset,
  onConfirm,
  children,
}: ConfirmActionProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={variant} size="small" className={className} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <ConfirmDialog
        isOpen={open}
        onOpenChange={(next) => {
          if (!next) onReset();
          setOpen(next);
        }}
        title={title}
        confirmLabel={confirmLabel}
        busyLabel={busyLabel}
        busy={busy}
        error={error}
        onConfirm={() => onConfirm(() => setOpen(false))}
      >
        {children}
      </ConfirmDialog>
    </>
  );
}
