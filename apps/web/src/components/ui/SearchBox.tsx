import { type FormEvent, useId } from 'react';
import { Icon } from './Icon.tsx';
import styles from './SearchBox.module.css';
import { Spinner } from './Spinner.tsx';

interface SearchBoxProps {
  /** The visible label, tied to the input (its accessible name). */
  label: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit: (event: FormEvent) => void;
  placeholder?: string;
  maxLength?: number;
  /** Results for an earlier query are on screen while new ones load: show a spinner in the box. */
  busy?: boolean;
  autoFocus?: boolean;
  /** The bigger box of a screen whose purpose is searching. */
  large?: boolean;
}

/** A labelled search landmark: a box with a search icon, the input (?q=) and a spinner while updating. */
export function SearchBox({
  label,
  value,
  onChange,
  onSubmit,
  placeholder,
  maxLength,
  busy = false,
  autoFocus = false,
  large = false,
}: SearchBoxProps) {
  const inputId = useId();
  return (
    <search>
      <form className={styles.form} onSubmit={onSubmit}>
        <label htmlFor={inputId} className={styles.label}>
          {label}
        </label>
        <div className={styles.box}>
          <Icon name="search" className={styles.icon} />
          <input
            id={inputId}
            name="q"
            type="search"
            className={`${styles.input} ${large ? styles.large : styles.regular}`}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            placeholder={placeholder}
            maxLength={maxLength}
            autoComplete="off"
            enterKeyHint="search"
            dir="auto"
            // biome-ignore lint/a11y/noAutofocus: only where the screen exists to search (the caller decides)
            autoFocus={autoFocus}
          />
          {busy ? <Spinner size="small" /> : null}
        </div>
      </form>
    </search>
  );
}
