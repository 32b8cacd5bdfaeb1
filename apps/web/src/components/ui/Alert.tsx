import type { ReactNode } from 'react';
import styles from './Alert.module.css';

interface AlertProps {
  tone: 'error' | 'success' | 'info';
  children: ReactNode;
}

/** Errors interrupt (role="alert"); success and information wait their turn (role="status"). */
export function Alert({ tone, children }: AlertProps) {
  return (
    <div className={`${styles.alert} ${styles[tone]}`} role={tone === 'error' ? 'alert' : 'status'}>
      <div className={styles.body}>{children}</div>
    </div>
  );
}
