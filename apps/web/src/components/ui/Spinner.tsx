import styles from './Spinner.module.css';

/** A decorative spinner (its look: theme/global.css); pair it with visible or screen-reader text. */
export function Spinner({ size = 'normal' }: { size?: 'normal' | 'small' }) {
  return <span className={size === 'small' ? 'spinner spinner-small' : 'spinner'} aria-hidden="true" />;
}

/**
 * The fallback shown while a screen's code or data loads. It is used before i18next may be ready
 * (router hydration), so the label is passed in, with an English default.
 */
export function LoadingScreen({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className={styles.screen} role="status" aria-live="polite">
      <Spinner />
      <span>{label}</span>
    </div>
  );
}
