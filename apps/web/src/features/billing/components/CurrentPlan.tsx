import type { BillingStatus } from '@sahifa/contracts/billing';
import { useTranslation } from 'react-i18next';
import { PlusBadge } from '#web/components/ui/PlusBadge.tsx';
import { periodLine, showsStatus } from '#web/features/billing/plan-status.ts';
import { formatDate } from '#web/lib/time.ts';
import styles from './Billing.module.css';
import { ManageButton } from './ManageButton.tsx';

/** The member's plan, its status, its next date, what it allows, and the way to Stripe's portal. */
export function CurrentPlan({ status }: { status: BillingStatus }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const period = periodLine(status);
  return (
    <section className={styles.card} aria-labelledby="billing-current">
      <h2 id="billing-current">{t('billing.currentPlan')}</h2>
      <dl className={styles.facts}>
        <div>
          <dt>{t('billing.plan')}</dt>
          <dd className={styles.planName}>
            {t(`billing.plans.${status.plan}`)}
            {status.plan === 'plus' ? <PlusBadge /> : null}
          </dd>
        </div>
        {showsStatus(status) ? (
          <div>
            <dt>{t('billing.status')}</dt>
            <dd>{t(`billing.statuses.${status.status}`)}</dd>
          </div>
        ) : null}
        {period ? (
          <div>
            <dt>{t(`billing.${period.key}`)}</dt>
            <dd>{formatDate(period.date, language)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('billing.questionsLabel')}</dt>
          <dd>{t('billing.questions', { number: status.dailyQuestions })}</dd>
        </div>
      </dl>
      {status.canManage ? (
        <>
          <p className={styles.note}>{t('billing.manageHint')}</p>
          <ManageButton label={t('billing.manage')} />
        </>
      ) : null}
    </section>
  );
}
