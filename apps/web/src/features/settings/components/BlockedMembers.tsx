import type { BlockedMember } from '@sahifa/contracts/moderation';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '#web/components/ui/Alert.tsx';
import { Avatar } from '#web/components/ui/Avatar.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { QueryState } from '#web/components/ui/QueryState.tsx';
import styles from '#web/features/settings/routes/SettingsPage.module.css';
import { errorMessageOf } from '#web/lib/error-message.ts';
import { useBlockedMembers, useSetBlocked } from '#web/lib/moderation.ts';
import { formatDate } from '#web/lib/time.ts';

/** The members I blocked, each with Unblock. */
export function BlockedMembers() {
  const { t } = useTranslation();
  const query = useBlockedMembers();
  return (
    <section className={styles.card} aria-labelledby="settings-blocked">
      <h2 id="settings-blocked">{t('moderation.blockedTitle')}</h2>
      <p className={styles.hint}>{t('moderation.blockedHint')}</p>
      <QueryState query={query} error={t('moderation.blockedLoadFailed')}>
        {({ items }) =>
          items.length === 0 ? (
            <p>{t('moderation.blockedEmpty')}</p>
          ) : (
            <ul className={styles.people}>
              {items.map((member) => (
                <BlockedRow key={member.userNumber} member={member} />
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}

function BlockedRow({ member }: { member: BlockedMember }) {
  const { t, i18n } = useTranslation();
  const unblock = useSetBlocked();
  return (
    <li className={styles.person}>
      <Avatar name={member.displayName} image={member.photoURL} />
      <div className={styles.personText}>
        <Link to={`/app/${member.userNumber}`} dir="auto">
          {member.displayName}
        </Link>
        <span className={styles.hint}>
          <bdi dir="ltr">#{member.userNumber}</bdi>
          {' · '}
          {t('moderation.blockedOn', { date: formatDate(member.blockedAt, i18n.resolvedLanguage ?? 'en') })}
        </span>
      </div>
      <Button
        variant="secondary"
        size="small"
        busy={unblock.isPending}
        busyLabel={t('moderation.unblocking')}
        onClick={() => unblock.mutate({ userNumber: member.userNumber, blocked: false })}
        aria-label={t('moderation.unblockName', { name: member.displayName })}
      >
        {t('moderation.unblock')}
      </Button>
      {unblock.isError ? (
        <div className={styles.personError}>
          <Alert tone="error">{errorMessageOf(unblock.error, t('moderation.blockFailed'))}</Alert>
        </div>
      ) : null}
    </li>
  );
}
