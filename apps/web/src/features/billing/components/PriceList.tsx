import type { Price } from '@sahifa/contracts/billing';
import { useTranslation } from 'react-i18next';
import {
  formatMoney,
  formatPrice,
  monthlyShare,
  priceFor,
  yearlySaving,
} from '#web/features/billing/price.ts';
import styles from './Billing.module.css';

/** Plus per month and per year, the yearly price also as a monthly share and what it saves. */
export function PriceList({ prices }: { prices: readonly Price[] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const monthly = priceFor(prices, 'month');
  const yearly = priceFor(prices, 'year');
  const saving = monthly && yearly ? yearlySaving(monthly, yearly) : 0;
  return (
    <ul className={styles.prices}>
      {monthly ? (
        <li>
          <span className={styles.amount}>{formatPrice(monthly, language)}</span>{' '}
          <span className={styles.per}>{t('pricing.perMonth')}</span>
        </li>
      ) : null}
      {yearly ? (
        <li>
          <span className={styles.amount}>{formatPrice(yearly, language)}</span>{' '}
          <span className={styles.per}>{t('pricing.perYear')}</span>
          <span className={styles.share}>
            {t('pricing.yearlyShare', {
              price: formatMoney(monthlyShare(yearly), yearly.currency, language),
            })}
            {saving > 0 ? ` · ${t('pricing.saving', { percent: saving })}` : null}
          </span>
        </li>
      ) : null}
    </ul>
  );
}
