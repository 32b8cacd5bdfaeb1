import type { SupportMessage } from '@sahifa/contracts/support';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Alert } from '#web/components/ui/Alert.tsx';
import { MessageHistory } from '#web/features/support/components/MessageHistory.tsx';
import styles from '#web/features/support/components/Support.module.css';
import { SupportForm } from '#web/features/support/components/SupportForm.tsx';
import { useCurrentUser } from '#web/lib/auth.tsx';

/** /app/support — write to the people who run this Sahifa, and see what you sent and whether it was answered. */
export function SupportPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [sent, setSent] = useState<SupportMessage | null>(null);
  return (
    <div className={styles.page}>
      <h1>{t('support.title')}</h1>
      <p className={styles.lead}>{t('support.lead')}</p>
      {sent ? (
        <Alert tone="success">
          <p>
            <Trans
              i18nKey="support.sent"
              values={{ email: sent.email }}
              components={{ email: <bdi dir="ltr" className={styles.email} /> }}
            />
          </p>
        </Alert>
      ) : null}
      <SupportForm defaultEmail={user.email} onSending={() => setSent(null)} onSent={setSent} />
      <MessageHistory />
    </div>
  );
}

export default SupportPage;
