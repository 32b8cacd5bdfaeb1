import type { ReactNode } from 'react';
import styles from './AuthCard.module.css';

interface AuthCardProps {
  title: string;
  lead?: string;
  children: ReactNode;
  footer?: ReactNode;
}

/** The frame of every account screen: one card, one heading, one form. */
export function AuthCard({ title, lead, children, footer }: AuthCardProps) {
  return (
    <div className={styles.page}>
      <div className={styles.card}>
        <h1>{title}</h1>
        {lead ? <p className={styles.lead}>{lead}</p> : null}
        <div className={styles.stack}>{children}</div>
        {footer ? <div className={styles.footer}>{footer}</div> : null}
      </div>
    </div>
  );
}
