import { useId } from 'react';
import { starFills } from '#web/lib/rating.ts';
import styles from './Stars.module.css';

const STAR = 'M10 1.5l2.6 5.4 5.9.8-4.3 4.1 1 5.9L10 14.9l-5.2 2.8 1-5.9L1.5 7.7l5.9-.8z';

/** One star outline, filled fully, half (from the start side) or not at all. */
export function StarShape({ fill, className }: { fill: 'full' | 'half' | 'empty'; className?: string }) {
  const clipId = useId();
  return (
    <svg className={className} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      {fill === 'half' ? (
        <defs>
          <clipPath id={clipId}>
            <rect x="0" y="0" width="10" height="20" />
          </clipPath>
        </defs>
      ) : null}
      <path d={STAR} fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinejoin="round" />
      {fill === 'empty' ? null : (
        <path
          d={STAR}
          fill="currentColor"
          clipPath={fill === 'half' ? `url(#${CSS.escape(clipId)})` : undefined}
        />
      )}
    </svg>
  );
}

interface StarsProps {
  /** 0–5; drawn to the nearest half star. */
  value: number;
  /** What a screen reader hears instead of the drawing, e.g. "Rated 4.0 out of 5". */
  label: string;
  size?: 'normal' | 'large';
}

/** A read-only row of five stars. */
export function Stars({ value, label, size = 'normal' }: StarsProps) {
  return (
    <span className={`${styles.stars} ${size === 'large' ? styles.large : ''}`} role="img" aria-label={label}>
      {starFills(value).map((fill, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: five fixed positions
        <StarShape key={i} fill={fill} className={styles.star} />
      ))}
    </span>
  );
}
