import type { AdminMember } from '@sahifa/contracts/admin';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '#web/components/ui/Avatar.tsx';
import { useSetSuspension } from '#web/features/admin/api/members.ts';
import { actionError } from '#web/features/admin/errors.ts';
import { canChangeSuspension } from '#web/features/admin/members.ts';
import { formatDate } from '#web/lib/time.ts';
import { Badge } from './Badge.tsx';
import { ConfirmAction } from './ConfirmAction.tsx';
import styles from './Console.module.css';
import { DateTime } from './DateTime.tsx';

const COUNTS = ['thoughts', 'replies', 'comments', 'summaries', 'reportsAgainst'] as const;

/** A member as operators see them, with Suspend or Restore where allowed. */
export function MemberCard({
  member,
  myUserNumber,
}: {
  member: AdminMember;
  myUserNumber: number | null | undefined;
}) {
  const { t, i18n } = useTranslation();
  const headingId = `member-${member.userNumber}`;
  return (
    <article className={`${styles.card} ${styles.memberCard}`} aria-labelledby={headingId}>
      <Avatar name={member.displayName} image={member.photoURL} />
      <div className={styles.rowBody}>
        <div className={styles.rowHead}>
          <h3 id={headingId} className={styles.cardTitle}>
            <Link to={`/app/${member.userNumber}`} className={styles.memberLink}>
              <bdi>{member.displayName}</bdi>
            </Link>
          </h3>
          <bdi dir="ltr" className={styles.number}>
            #{member.userNumber}
          </bdi>
          <Badge tone={member.plan === 'plus' ? 'accent' : 'neutral'}>
            {t(`admin.badges.${member.plan}`)}
          </Badge>
          {member.operator ? <Badge tone="success">{t('admin.badges.operator')}</Badge> : null}
          {member.userNumber === myUserNumber ? <Badge>{t('admin.members.you')}</Badge> : null}
        </div>
        <p className={styles.meta}>
          <bdi dir="ltr">{member.email}</bdi>
          {' · '}
          {t('admin.members.joined', { date: formatDate(member.joinedAt, i18n.resolvedLanguage ?? 'en') })}
        </p>
        <ul className={styles.counts}>
          {COUNTS.map((name) => (
            <li key={name}>
              {t(`admin.members.counts.${name}`)} <strong>{member.counts[name]}</strong>
            </li>
          ))}
        </ul>
        {member.suspendedAt ? (
          <p className={styles.inline}>
            <Badge tone="warning">{t('admin.badges.suspended')}</Badge>
            <span className={styles.meta}>
              {t('admin.members.suspendedSince')} <DateTime value={member.suspendedAt} />
            </span>
          </p>
        ) : null}
        {canChangeSuspension(member, myUserNumber) ? <SuspensionAction member={member} /> : null}
      </div>
    </article>
  );
}

function SuspensionAction({ member }: { member: AdminMember }) {
  const { t } = useTranslation();
  const change = useSetSuspension();
  const suspend = member.suspendedAt === null;
  const name = member.displayName;
  return (
    <div className={styles.actions}>
      <ConfirmAction
        label={suspend ? t('admin.members.suspend') : t('admin.members.restore')}
        title={
          suspend ? t('admin.members.suspendTitle', { name }) : t('admin.members.restoreTitle', { name })
        }
        confirmLabel={suspend ? t('admin.members.suspend') : t('admin.members.restore')}
        busyLabel={suspend ? t('admin.members.suspending') : t('admin.members.restoring')}
        busy={change.isPending}
        error={actionError(change.error, t('admin.members.suspendFailed'))}
        onReset={() => change.reset()}
        onConfirm={(close) =>
          change.mutate({ userNumber: member.userNumber, suspended: suspend }, { onSuccess: close })
        }
      >
        <p>{suspend ? t('admin.members.suspendBody') : t('admin.members.restoreBody')}</p>
      </ConfirmAction>
    </div>
  );
}
