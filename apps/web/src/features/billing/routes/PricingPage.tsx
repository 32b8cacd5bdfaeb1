import type { PlanCatalog } from '@sahifa/contracts/billing';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ButtonLink } from '#web/components/ui/Button.tsx';
import { QueryState } from '#web/components/ui/QueryState.tsx';
import { ErrorState } from '#web/components/ui/States.tsx';
import { usePlans } from '#web/features/billing/api/plans.ts';
import styles from '#web/features/billing/components/Billing.module.css';
import { PlanFeatures } from '#web/features/billing/components/PlanFeatures.tsx';
import { PriceList } from '#web/features/billing/components/PriceList.tsx';
import { keepRedirect } from '#web/lib/redirect.ts';

/** /pricing — Free, and Sahifa Plus when this site sells it; otherwise, that everything is free. */
export function PricingPage() {
  const { t } = useTranslation();
  const plans = usePlans();
  return (
    <article className={styles.pricing}>
      {/* The heading comes with the plans, so the page is never a title over a blank. */}
      <QueryState
        query={plans}
        error={(retry) => (
          <>
            <h1>{t('pricing.title')}</h1>
            <ErrorState message={t('pricing.loadFailed')} onRetry={retry} />
          </>
        )}
      >
        {(catalog) => <Plans catalog={catalog} />}
      </QueryState>
    </article>
  );
}

function Plans({ catalog }: { catalog: PlanCatalog }) {
  const { t } = useTranslation();
  const sells = catalog.billingEnabled && catalog.plus.prices.length > 0;
  return (
    <>
      <h1>{t('pricing.title')}</h1>
      <p className={styles.lead}>{sells ? t('pricing.lead') : t('pricing.allFree')}</p>
      <div className={styles.plans}>
        <section className={styles.plan} aria-labelledby="plan-free">
          <h2 id="plan-free">{t('billing.plans.free')}</h2>
          <p className={styles.amount}>{t('pricing.free.price')}</p>
          <PlanFeatures plan="free" dailyQuestions={catalog.free.dailyQuestions} />
          <ButtonLink to="/sign-up" variant={sells ? 'secondary' : 'primary'} block className={styles.cta}>
            {t('pricing.free.cta')}
          </ButtonLink>
        </section>
        {sells ? (
          <section className={`${styles.plan} ${styles.featured}`} aria-labelledby="plan-plus">
            <h2 id="plan-plus">{t('billing.plans.plus')}</h2>
            <PriceList prices={catalog.plus.prices} />
            <PlanFeatures plan="plus" dailyQuestions={catalog.plus.dailyQuestions} />
            <ButtonLink to={keepRedirect('/login', '/app/billing')} block className={styles.cta}>
              {t('pricing.plus.cta')}
            </ButtonLink>
            <p className={styles.note}>
              <Trans i18nKey="pricing.plus.note" components={{ signUp: <Link to="/sign-up" /> }} />
            </p>
          </section>
        ) : null}
      </div>
      <p className={styles.note}>{sells ? t('pricing.readingFree') : t('pricing.allFreeBody')}</p>
    </>
  );
}

export default PricingPage;
