import { useState } from 'react';
import styles from './Avatar.module.css';

/** First letters of the first two words ("Ibn Khaldun" → "IK"); works for Arabic names too. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  const letters = words.slice(0, 2).map((word) => Array.from(word)[0] ?? '');
  return letters.join('').toLocaleUpperCase() || '?';
}

interface AvatarProps {
  name: string;
  image?: string | null;
  /** Accessible text; omit when the name is written next to the avatar. */
  label?: string;
}

export function Avatar({ name, image, label }: AvatarProps) {
  const [failed, setFailed] = useState(false);
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };
  return (
    <span className={styles.avatar} {...a11y}>
      {image && !failed ? (
        <img src={image} alt="" width={36} height={36} onError={() => setFailed(true)} />
      ) : (
        initialsOf(name)
      )}
    </span>
  );
}
