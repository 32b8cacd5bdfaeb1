import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import styles from './ModalFrame.module.css';

interface ModalFrameProps {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  /** While true, neither a click outside nor Escape closes the dialog. */
  busy?: boolean;
  /** The dialog's heading and accessible name. */
  title: string;
  role?: 'dialog' | 'alertdialog';
  /** narrow: 28rem (a question); wide: 30rem (a short form). */
  width?: 'narrow' | 'wide';
  /** Extra class on the dialog, for styles of its own content. */
  className?: string;
  children: ReactNode;
}

/** A centred modal dialog with a title (focus trapped, Escape and a click outside close it unless busy). */
export function ModalFrame({
  isOpen,
  onOpenChange,
  busy = false,
  title,
  role = 'dialog',
  width = 'narrow',
  className,
  children,
}: ModalFrameProps) {
  return (
    <ModalOverlay
      className={styles.overlay}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={!busy}
      isKeyboardDismissDisabled={busy}
    >
      <Modal className={`${styles.modal} ${styles[width]}`}>
        <Dialog className={className ? `${styles.dialog} ${className}` : styles.dialog} role={role}>
          <Heading slot="title">{title}</Heading>
          {children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
