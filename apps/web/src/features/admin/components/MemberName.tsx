import type { Author } from '@sahifa/contracts/members';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '#web/components/ui/Avatar.tsx';
import styles from './Console.module.css';

/** A member with their picture, name and #number, linked to their profile ("Account deleted" when gone). */
export function MemberName({ member, avatar = true }: { member: Author | null; avatar?: boolean }) {
  const { t } = useTranslation();
  if (!member) return <span className={styles.muted}>{t('admin.deletedAccount')}</span>;
  return (
    <span className={styles.member}>
      {avatar ? <Avatar name={member.displayName} image={member.photoURL} /> : null}
      <Link to={`/app/${member.userNumber}`} className={styles.memberLink}>
        <bdi>{member.displayName}</bdi>{' '}
        <bdi dir="ltr" className={styles.number}>
          #{member.userNumber}
        </bdi>
      </Link>
    </span>
  );
}
