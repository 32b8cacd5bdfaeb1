import type { ReactNode } from 'react';
import styles from './Console.module.css';

type Tone = 'neutral' | 'accent' | 'warning' | 'success';

/** A short state next to an item (Open, Plus, Suspended…). */
export function Badge({
  tone = 'neutral',
  title,
  children,
}: {
  tone?: Tone;
  title?: string;
  children: ReactNode;
}) {
  return (
    <span className={`${styles.badge} ${styles[tone]}`} title={title}>
      {children}
    </span>
  );
}
