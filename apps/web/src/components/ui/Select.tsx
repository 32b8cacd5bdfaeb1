import type { SelectHTMLAttributes } from 'react';
import styles from './Field.module.css';

interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  id: string;
  label: string;
  /** Keep the label for screen readers only (compact toolbars). */
  hideLabel?: boolean;
  /** Label and control side by side (footers). */
  inlineLabel?: boolean;
}

/** A native <select> with a real <label>: keyboard, screen-reader and RTL support come free. */
export function Select({
  id,
  label,
  hideLabel = false,
  inlineLabel = false,
  className,
  children,
  ...rest
}: SelectProps) {
  const layout = hideLabel ? styles.inline : inlineLabel ? styles.sideBySide : '';
  return (
    <div className={`${styles.field} ${layout} ${className ?? ''}`}>
      <label className={hideLabel ? 'visually-hidden' : styles.label} htmlFor={id}>
        {label}
      </label>
      <span className={styles.selectWrap}>
        <select
          id={id}
          className={`${styles.control} ${styles.select} ${hideLabel || inlineLabel ? styles.compact : ''}`}
          {...rest}
        >
          {children}
        </select>
      </span>
    </div>
  );
}
