import { type ReactNode, useState } from 'react';
import { Button } from './Button.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';

interface DeleteWithConfirmProps {
  /** The small trigger button's text. */
  label: string;
  /** Extra classes for the trigger button (its colour, say). */
  className?: string;
  title: string;
  confirmLabel: string;
  busyLabel: string;
  /** Shown in the dialog when the deletion failed. */
  failedText: string;
  /** The mutation doing the deletion: its state drives the dialog, `reset` clears a failure on close. */
  mutation: { isPending: boolean; isError: boolean; reset: () => void };
  /** Runs the deletion; call `close` when it succeeded. */
  onConfirm: (close: () => void) => void;
  /** The question in the dialog. */
  children: ReactNode;
}

/** A "Delete" button that asks first, in a modal, and shows the deletion's progress and failure there. */
export function DeleteWithConfirm({
  label,
  className,
  title,
  confirmLabel,
  busyLabel,
  failedText,
  mutation,
  onConfirm,
  children,
}: DeleteWithConfirmProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" size="small" className={className} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <ConfirmDialog
        isOpen={open}
        onOpenChange={(next) => {
          if (!next) mutation.reset();
          setOpen(next);
        }}
        title={title}
        confirmLabel={confirmLabel}
        busyLabel={busyLabel}
        busy={mutation.isPending}
        error={mutation.isError ? failedText : null}
        onConfirm={() => onConfirm(() => setOpen(false))}
      >
        {children}
      </ConfirmDialog>
    </>
  );
}
