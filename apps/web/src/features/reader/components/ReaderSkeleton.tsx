import { LoadingPlaceholder } from '#web/components/ui/LoadingPlaceholder.tsx';
import styles from './Reader.module.css';

/** The reader's shape while the book loads. */
export function ReaderSkeleton() {
  return (
    <LoadingPlaceholder className={styles.reader}>
      <div aria-hidden="true" className={styles.skeletonBox}>
        <div className={`${styles.skeleton} ${styles.skeletonTitle}`} />
        <div className={`${styles.skeleton} ${styles.skeletonBar}`} />
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <div key={i} className={`${styles.skeleton} ${styles.skeletonLine}`} />
        ))}
      </div>
    </LoadingPlaceholder>
  );
}
