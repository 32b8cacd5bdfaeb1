import type { Price } from '@sahifa/contracts/billing';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '#web/components/ui/Alert.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import choices from '#web/components/ui/Choices.module.css';
import { QueryState } from '#web/components/ui/QueryState.tsx';
import { usePlans } from '#web/features/billing/api/plans.ts';
import { useStartCheckout } from '#web/features/billing/api/redirects.ts';
import { formatMoney, formatPrice, monthlyShare } from '#web/features/billing/price.ts';
import { errorMessageOf } from '#web/lib/error-message.ts';
import styles from './Billing.module.css';
import { PlanFeatures } from './PlanFeatures.tsx';

/** Sahifa Plus for a free member: monthly or yearly, then Stripe Checkout. */
export function SubscribeCard() {
  const { t } = useTranslation();
  const plans = usePlans();
  return (
    <section className={`${styles.card} ${styles.featured}`} aria-labelledby="billing-subscribe">
      <h2 id="billing-subscribe">{t('billing.subscribeTitle')}</h2>
      <QueryState query={plans} error={t('pricing.loadFailed')}>
        {(catalog) => (
          <>
            <PlanFeatures plan="plus" dailyQuestions={catalog.plus.dailyQuestions} />
            <Checkout prices={catalog.plus.prices} />
          </>
        )}
      </QueryState>
    </section>
  );
}

function Checkout({ prices }: { prices: Price[] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const checkout = useStartCheckout();
  const [chosen, setChosen] = useState(prices[0]?.id ?? '');
  if (prices.length === 0) return null;
  return (
    <form
      className={styles.checkout}
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen) checkout.mutate(chosen);
      }}
    >
      <fieldset className={choices.group} disabled={checkout.isPending || checkout.isSuccess}>
        <legend className={choices.legend}>{t('billing.chooseInterval')}</legend>
        {prices.map((price) => (
          <label key={price.id} className={choices.choice}>
            <input
              type="radio"
              name="price"
              value={price.id}
              checked={chosen === price.id}
              onChange={() => setChosen(price.id)}
            />
            <span>
              <strong>{t(price.interval === 'month' ? 'billing.monthly' : 'billing.yearly')}</strong>{' '}
              <span className={styles.choicePrice}>
                {t(price.interval === 'month' ? 'billing.pricePerMonth' : 'billing.pricePerYear', {
                  price: formatPrice(price, language),
                })}
              </span>
              {price.interval === 'year' ? (
                <span className={styles.share}>
                  {t('pricing.yearlyShare', {
                    price: formatMoney(monthlyShare(price), price.currency, language),
                  })}
                </span>
              ) : null}
            </span>
          </label>
        ))}
      </fieldset>
      {checkout.isError ? (
        <Alert tone="error">{errorMessageOf(checkout.error, t('billing.actionFailed'))}</Alert>
      ) : null}
      <div>
        <Button
          type="submit"
          busy={checkout.isPending || checkout.isSuccess}
          busyLabel={t('billing.opening')}
        >
          {t('billing.subscribe')}
        </Button>
      </div>
      <p className={styles.note}>{t('billing.checkoutHint')}</p>
    </form>
  );
}
