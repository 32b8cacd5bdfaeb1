import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/Button.tsx';
import { parseUserNumber } from '../user-number.ts';
import styles from './ComingSoonPage.module.css';
import { ComingSoonPage } from './ComingSoonPage.tsx';

/** /app/:userNumber — the profile screen is not built yet; an impossible number is "Darker not found". */
export function ProfilePage() {
  const { t } = useTranslation();
  const { userNumber } = useParams();
  if (parseUserNumber(userNumber) === null) {
    return (
      <div className={styles.page}>
        <h1>{t('profile.notFound')}</h1>
        <p className={styles.body}>{t('profile.notFoundBody')}</p>
        <ButtonLink to="/app/home" variant="secondary">
          {t('comingSoon.backHome')}
        </ButtonLink>
      </div>
    );
  }
  return <ComingSoonPage screen="profile" />;
}

export default ProfilePage;
