import { useTranslation } from 'react-i18next';
import { BlockedMembers } from '#web/features/settings/components/BlockedMembers.tsx';
import { useCurrentUser } from '#web/lib/auth.tsx';
import { displayNameOf } from '#web/lib/display-name.ts';
import { ThemePicker } from '#web/theme/ThemePicker.tsx';
import styles from './SettingsPage.module.css';

export function SettingsPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  return (
    <div className={styles.page}>
      <h1>{t('settings.title')}</h1>

      <section className={styles.card} aria-labelledby="settings-appearance">
        <h2 id="settings-appearance">{t('settings.appearance')}</h2>
        <ThemePicker />
        <p className={styles.hint}>{t('settings.appearanceHint')}</p>
      </section>

      <section className={styles.card} aria-labelledby="settings-account">
        <h2 id="settings-account">{t('settings.account')}</h2>
        <p dir="auto">
          <strong>{displayNameOf(user)}</strong>
        </p>
        <p>{t('settings.email', { email: user.email })}</p>
        {user.userNumber ? <p>{t('settings.memberNumber', { userNumber: user.userNumber })}</p> : null}
      </section>

      <BlockedMembers />
    </div>
  );
}

export default SettingsPage;
