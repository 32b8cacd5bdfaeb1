import type { Thought } from '@sahifa/contracts/community';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '#web/components/ui/Avatar.tsx';
import { DeleteWithConfirm } from '#web/components/ui/DeleteWithConfirm.tsx';
import { ReportButton } from '#web/components/ui/ReportButton.tsx';
import { useDeleteThought } from '#web/features/thoughts/api/delete-thought.ts';
import { thoughtPath } from '#web/features/thoughts/thought-path.ts';
import { formatDateTime, formatRelativeTime } from '#web/lib/time.ts';
import { LikeButton } from './LikeButton.tsx';
import styles from './Thoughts.module.css';
import { ThoughtText } from './ThoughtText.tsx';

const REPLY = 'M4 4h16v12H8l-4 4z';

interface ThoughtCardProps {
  thought: Thought;
  /** The thought's own page: no link to itself, and a deletion is reported to the page. */
  onDeleted?: () => void;
  headingLevel?: 2 | 3;
}

/**
 * One thought: who wrote it and when, the text, likes, replies, and delete for its author or report
 * for everyone else (the bio is on the profile).
 */
export function ThoughtCard({ thought, onDeleted, headingLevel = 2 }: ThoughtCardProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const remove = useDeleteThought();
  const { author } = thought;
  const profile = `/app/${author.userNumber}`;
  const Heading = `h${headingLevel}` as const;

  return (
    <article className={styles.card} aria-labelledby={`thought-${thought.id}`}>
      <Link to={profile} tabIndex={-1} aria-hidden="true">
        <Avatar name={author.displayName} image={author.photoURL} />
      </Link>
      <div className={styles.cardBody}>
        <div className={styles.head}>
          <Heading id={`thought-${thought.id}`} style={{ margin: 0, fontSize: '1rem' }}>
            <Link className={styles.name} to={profile} dir="auto">
              {author.displayName}
            </Link>
          </Heading>
          <span className={styles.number}>
            <bdi dir="ltr">#{author.userNumber}</bdi>
          </span>
          <time
            className={styles.time}
            dateTime={thought.date}
            title={formatDateTime(thought.date, language)}
          >
            {formatRelativeTime(thought.date, language, t)}
          </time>
        </div>
        <ThoughtText className={styles.text} text={thought.content} />
        <div className={styles.actions}>
          <LikeButton thought={thought} />
          {onDeleted ? null : (
            <Link
              className={styles.action}
              to={thoughtPath(thought)}
              aria-label={t('thoughts.replyCount', { count: thought.replyCount })}
            >
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <path d={REPLY} fill="none" stroke="currentColor" strokeWidth="1.8" />
              </svg>
              <span aria-hidden="true">{thought.replyCount}</span>
            </Link>
          )}
          {thought.isMine ? (
            <DeleteWithConfirm
              label={t('thoughts.delete')}
              className={styles.delete}
              title={t('thoughts.deleteTitle')}
              confirmLabel={t('thoughts.deleteConfirm')}
              busyLabel={t('thoughts.deleting')}
              failedText={t('thoughts.deleteFailed')}
              mutation={remove}
              onConfirm={(close) =>
                remove.mutate(thought.id, {
                  onSuccess: () => {
                    close();
                    onDeleted?.();
                  },
                })
              }
            >
              <p>{t('thoughts.deleteBody')}</p>
            </DeleteWithConfirm>
          ) : (
            <ReportButton kind="thought" targetId={thought.id} className={styles.report} />
          )}
        </div>
      </div>
    </article>
  );
}
