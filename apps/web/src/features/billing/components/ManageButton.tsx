import { useTranslation } from 'react-i18next';
import { Alert } from '#web/components/ui/Alert.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { useOpenPortal } from '#web/features/billing/api/redirects.ts';
import { errorMessageOf } from '#web/lib/error-message.ts';

/** Opens Stripe's Customer Portal (card, invoices, cancel). */
export function ManageButton({
  label,
  variant = 'secondary',
}: {
  label: string;
  variant?: 'primary' | 'secondary';
}) {
  const { t } = useTranslation();
  const portal = useOpenPortal();
  return (
    <>
      <div>
        <Button
          variant={variant}
          busy={portal.isPending || portal.isSuccess}
          busyLabel={t('billing.opening')}
          onClick={() => portal.mutate()}
        >
          {label}
        </Button>
      </div>
      {portal.isError ? (
        <Alert tone="error">{errorMessageOf(portal.error, t('billing.actionFailed'))}</Alert>
      ) : null}
    </>
  );
}
