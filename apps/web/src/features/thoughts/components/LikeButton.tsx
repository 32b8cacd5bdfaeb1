import type { Thought } from '@sahifa/contracts/community';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { patchThought } from '#web/features/thoughts/api/keys.ts';
import { setLike } from '#web/features/thoughts/api/like.ts';
import { LikeIntent, type LikeView } from '#web/features/thoughts/like-intent.ts';
import styles from './Thoughts.module.css';

const HEART =
  'M12 21s-7.5-4.6-9.6-9.1C.9 8.6 3 5 6.6 5c2 0 3.5 1.1 4.4 2.4l1 .1C12.9 6.1 14.4 5 16.4 5 20 5 22.1 8.6 20.6 11.9 18.5 16.4 12 21 12 21z';

/** Like / unlike: flips at once, sends the member's last wish only (see LikeIntent). */
export function LikeButton({ thought }: { thought: Thought }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [view, setView] = useState<LikeView>({
    userLiked: thought.userLiked,
    likeCount: thought.likeCount,
    pending: false,
    error: null,
  });
  const intent = useRef<LikeIntent | null>(null);
  if (!intent.current) {
    intent.current = new LikeIntent(
      { userLiked: thought.userLiked, likeCount: thought.likeCount },
      (liked) => setLike(thought.id, liked),
      setView,
      (state) => patchThought(queryClient, thought.id, (old) => ({ ...old, ...state })),
    );
  }

  // Fresh data from a refetch (someone else liked it) shows when nothing is being sent.
  useEffect(() => {
    intent.current?.sync({ userLiked: thought.userLiked, likeCount: thought.likeCount });
  }, [thought.userLiked, thought.likeCount]);

  return (
    <>
      <button
        type="button"
        className={`${styles.action} ${view.userLiked ? styles.liked : ''}`}
        aria-pressed={view.userLiked}
        aria-label={t('thoughts.likeLabel', { count: view.likeCount })}
        onClick={() => intent.current?.toggle()}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path
            d={HEART}
            fill={view.userLiked ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="1.8"
          />
        </svg>
        <span aria-hidden="true">{view.likeCount}</span>
      </button>
      {view.error ? (
        <span className={styles.error} role="alert">
          {t('thoughts.likeFailed')}
        </span>
      ) : null}
    </>
  );
}
