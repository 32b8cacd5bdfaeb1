import { useState } from 'react';
import styles from './BookCard.module.css';
import { LogoMark } from './Logo.tsx';

const WIDTH = 320;
const HEIGHT = 480;

interface BookCoverProps {
  src: string | null;
  title: string;
  /** Above the fold: load at once instead of lazily. */
  eager?: boolean;
  className?: string;
}

/** A 2:3 cover. Its size is reserved before the image loads; a missing or broken cover is drawn. */
export function BookCover({ src, title, eager = false, className }: BookCoverProps) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <div className={`${styles.cover} ${styles.placeholder} ${className ?? ''}`} aria-hidden="true">
        <LogoMark className={styles.placeholderMark} />
        <bdi>{title}</bdi>
      </div>
    );
  }
  return (
    <img
      className={`${styles.cover} ${className ?? ''}`}
      src={src}
      alt=""
      width={WIDTH}
      height={HEIGHT}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
