import { COVER_WIDTHS } from '@sahifa/contracts/cover-widths';
import { useState } from 'react';
import styles from './BookCard.module.css';
import { LogoMark } from './Logo.tsx';

const WIDTH = 320;
const HEIGHT = 480;

/** How wide a card is drawn: two to a row on a phone (~11rem), up to ~14rem on wider screens. */
const CARD_SIZES = '(min-width: 48rem) 14rem, 11rem';

interface BookCoverProps {
  src: string | null;
  /** The cards' smaller copy of the cover (cards only: the preview shows the cover itself). */
  cardSrc?: string | null;
  title: string;
  /** Above the fold: load at once instead of lazily. */
  eager?: boolean;
  className?: string;
}

/** A 2:3 cover. Its size is reserved before the image loads; a missing or broken cover is drawn. */
export function BookCover({ src, cardSrc = null, title, eager = false, className }: BookCoverProps) {
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
      src={cardSrc ?? src}
      // The browser picks the cards' copy unless the card is drawn larger than its pixels.
      srcSet={cardSrc ? `${cardSrc} ${COVER_WIDTHS.card}w, ${src} ${COVER_WIDTHS.cover}w` : undefined}
      sizes={cardSrc ? CARD_SIZES : undefined}
      alt=""
      width={WIDTH}
      height={HEIGHT}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
