import { useState } from 'react';
import { initialsOf } from '#web/components/ui/Avatar.tsx';
import styles from './Profile.module.css';

/** The profile's large avatar (initials when there is no picture or it fails to load). */
export function BigAvatar({ name, image, alt }: { name: string; image: string | null; alt: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <span className={styles.bigAvatar}>
      {image && failed !== image ? (
        <img src={image} alt={alt} width={96} height={96} onError={() => setFailed(image)} />
      ) : (
        <span aria-hidden="true">{initialsOf(name)}</span>
      )}
    </span>
  );
}
