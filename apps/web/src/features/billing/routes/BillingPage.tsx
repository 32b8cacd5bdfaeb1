import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert } from '#web/components/ui/Alert.tsx';
import { QueryState } from '#web/components/ui/QueryState.tsx';
import { useBillingStatus } from '#web/features/billing/api/billing-status.ts';
import {
  ACTIVATION_WAIT_MS,
  type ActivationStage,
  activationStage,
  checkoutReturnOf,
} from '#web/features/billing/checkout-return.ts';
import styles from '#web/features/billing/components/Billing.module.css';
import { CurrentPlan } from '#web/features/billing/components/CurrentPlan.tsx';
import { ManageButton } from '#web/features/billing/components/ManageButton.tsx';
import { SubscribeCard } from '#web/features/billing/components/SubscribeCard.tsx';
import { needsNewCard } from '#web/features/billing/plan-status.ts';
import { accountQueryKey } from '#web/lib/account.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** /app/billing — the plan, Subscribe (Stripe Checkout) or Manage (Stripe's portal), and the way back. */
export function BillingPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const checkout = checkoutReturnOf(search);
  const waitedTooLong = useTimeout(checkout === 'success' ? ACTIVATION_WAIT_MS : null);
  const query = useBillingStatus({ pollUntilPlus: checkout === 'success' && !waitedTooLong });
  const stage = checkout === 'success' ? activationStage(query.data?.plan, waitedTooLong) : null;
  useRefreshWhenActive(stage);

  return (
    <div className={styles.page}>
      <h1>{t('billing.title')}</h1>
      <QueryState query={query} error={t('billing.loadFailed')} keepDataOnError>
        {(status) =>
          status.billingEnabled ? (
            <>
              {stage ? <ActivationNotice stage={stage} /> : null}
              {checkout === 'cancelled' ? <Alert tone="info">{t('billing.checkoutCancelled')}</Alert> : null}
              {needsNewCard(status) ? (
                <Alert tone="error">
                  <p>{t('billing.pastDue')}</p>
                  {status.canManage ? (
                    <ManageButton label={t('billing.updateCard')} variant="primary" />
                  ) : null}
                </Alert>
              ) : null}
              <CurrentPlan status={status} />
              {/* Back from a paid checkout, Plus is on its way: no second checkout meanwhile. */}
              {status.plan === 'free' && !stage ? <SubscribeCard /> : null}
            </>
          ) : (
            <section className={styles.card} aria-labelledby="billing-free">
              <h2 id="billing-free">{t('billing.nothingToPay')}</h2>
              <p>{t('billing.nothingToPayBody')}</p>
              <p className={styles.note}>{t('pricing.questions', { number: status.dailyQuestions })}</p>
            </section>
          )
        }
      </QueryState>
    </div>
  );
}

function ActivationNotice({ stage }: { stage: ActivationStage }) {
  const { t } = useTranslation();
  if (stage === 'active') return <Alert tone="success">{t('billing.activated')}</Alert>;
  return (
    <Alert tone="info">{stage === 'waiting' ? t('billing.activating') : t('billing.activationSlow')}</Alert>
  );
}

/** True once `ms` has passed (never when null). */
function useTimeout(ms: number | null): boolean {
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (ms === null) return;
    const timer = window.setTimeout(() => setDone(true), ms);
    return () => window.clearTimeout(timer);
  }, [ms]);
  return done;
}

/** Plus just arrived: the shell's account and the member's own profile (its badge) are read again. */
function useRefreshWhenActive(stage: ActivationStage | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (stage !== 'active') return;
    void queryClient.invalidateQueries({ queryKey: accountQueryKey() });
    void queryClient.invalidateQueries({ queryKey: queryKeys.profiles() });
  }, [stage, queryClient]);
}

export default BillingPage;
