import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '#web/components/ui/Avatar.tsx';
import { ButtonLink } from '#web/components/ui/Button.tsx';
import { EmptyState, OfflineState } from '#web/components/ui/States.tsx';
import { useLatestThoughts } from '#web/features/thoughts/api/latest-thoughts.ts';
import { thoughtPath } from '#web/features/thoughts/thought-path.ts';
import { needsNetwork, useOnline } from '#web/lib/online.ts';
import { formatDateTime, formatRelativeTime } from '#web/lib/time.ts';
import styles from './Thoughts.module.css';

/** The home screen's strip: the newest few thoughts and a link to all of them. */
export function LatestThoughts() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const latest = useLatestThoughts();
  const thoughts = latest.data?.items ?? [];
  const online = useOnline();

  return (
    <section aria-labelledby="latest-thoughts" className={styles.strip}>
      <div className={styles.stripHead}>
        <h2 id="latest-thoughts">{t('home.latestThoughts')}</h2>
        <ButtonLink to="/app/thoughts" variant="secondary" size="small">
          {t('home.allThoughts')}
        </ButtonLink>
      </div>
      {needsNetwork(latest, online) ? (
        <OfflineState onRetry={() => void latest.refetch()} />
      ) : latest.isPending ? (
        <p role="status">{t('common.loading')}</p>
      ) : latest.isError ? (
        <p className={styles.error}>{t('thoughts.loadFailed')}</p>
      ) : thoughts.length === 0 ? (
        <EmptyState
          action={
            <ButtonLink to="/app/thoughts" size="small">
              {t('home.writeThought')}
            </ButtonLink>
          }
        >
          {t('home.thoughtsEmpty')}
        </EmptyState>
      ) : (
        <ul className={styles.strip}>
          {thoughts.map((thought) => (
            <li key={thought.id} className={styles.stripItem}>
              <Avatar name={thought.author.displayName} image={thought.author.photoURL} />
              <div className={styles.cardBody}>
                <div className={styles.head}>
                  <Link className={styles.name} to={`/app/${thought.author.userNumber}`} dir="auto">
                    {thought.author.displayName}
                  </Link>
                  <Link
                    className={styles.time}
                    to={thoughtPath(thought)}
                    title={formatDateTime(thought.date, language)}
                  >
                    <time dateTime={thought.date}>{formatRelativeTime(thought.date, language, t)}</time>
                  </Link>
                </div>
                <p className={styles.stripText} dir="auto">
                  {thought.content}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
