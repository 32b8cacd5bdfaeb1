import { useEffect, useRef } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/Button.tsx';
import styles from './AuthCard.module.css';

interface CheckEmailProps {
  /** The address the confirmation link went to. */
  email: string;
  /** Back to the form, to correct the address. */
  onUseDifferentEmail: () => void;
}

/**
 * After sign-up: the account waits for its email to be confirmed. The same screen follows a new
 * and an already registered address, so it reveals nothing about who has an account. It takes
 * the focus, so that keyboard and screen-reader users hear the next step at once.
 */
export function CheckEmail({ email, onUseDifferentEmail }: CheckEmailProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    ref.current?.focus();
  }, []);

  return (
    <div className={styles.checkEmail}>
      <div ref={ref} role="status" tabIndex={-1} className={styles.checkEmailMessage}>
        <MailIcon />
        <p>
          <Trans
            i18nKey="auth.checkEmail.sent"
            values={{ email }}
            components={{ email: <bdi className={styles.email} /> }}
          />
        </p>
      </div>
      <p className={styles.small}>{t('auth.checkEmail.spam')}</p>
      <Button variant="secondary" block onClick={onUseDifferentEmail}>
        {t('auth.checkEmail.differentEmail')}
      </Button>
    </div>
  );
}

function MailIcon() {
  return (
    <svg
      className={styles.mailIcon}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinejoin="round"
      strokeLinecap="round"
    >
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3.5 6.5 8.5 7 8.5-7" />
    </svg>
  );
}
