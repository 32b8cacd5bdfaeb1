import type { Profile } from '@sahifa/contracts/community';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '#web/components/ui/Alert.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { ConfirmDialog } from '#web/components/ui/ConfirmDialog.tsx';
import { errorMessageOf } from '#web/lib/error-message.ts';
import { useSetBlocked } from '#web/lib/moderation.ts';
import styles from './Profile.module.css';

/**
 * Block (after a confirmation that says what it does) or unblock another member; the profile's
 * blockedByMe, read again after the change, says which.
 */
export function BlockAction({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const change = useSetBlocked();
  const failed = errorMessageOf(change.error, t('moderation.blockFailed'));
  const { userNumber, displayName } = profile;

  if (profile.blockedByMe) {
    return (
      <div className={styles.blocked}>
        <p className={styles.muted}>{t('moderation.blockedNote')}</p>
        <div>
          <Button
            variant="secondary"
            size="small"
            busy={change.isPending}
            busyLabel={t('moderation.unblocking')}
            onClick={() => change.mutate({ userNumber, blocked: false })}
          >
            {t('moderation.unblock')}
          </Button>
        </div>
        {change.isError ? <Alert tone="error">{failed}</Alert> : null}
      </div>
    );
  }

  return (
    <>
      <Button variant="ghost" size="small" className={styles.block} onClick={() => setConfirming(true)}>
        {t('moderation.block')}
      </Button>
      <ConfirmDialog
        isOpen={confirming}
        onOpenChange={(open) => {
          if (!open) change.reset();
          setConfirming(open);
        }}
        title={t('moderation.blockTitle', { name: displayName })}
        confirmLabel={t('moderation.block')}
        busyLabel={t('moderation.blocking')}
        busy={change.isPending}
        error={change.isError ? failed : null}
        onConfirm={() =>
          change.mutate({ userNumber, blocked: true }, { onSuccess: () => setConfirming(false) })
        }
      >
        <p>{t('moderation.blockBody')}</p>
      </ConfirmDialog>
    </>
  );
}
