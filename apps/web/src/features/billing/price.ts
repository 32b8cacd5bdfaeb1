// Prices as the operator configured them (an amount in the currency's minor unit), written for
// the visitor's language with Intl. Digits stay Western in Arabic too, as everywhere in the app.

import type { Price } from '@sahifa/contracts/billing';

function locale(language: string): string {
  return `${language === 'ar' ? 'ar' : 'en'}-u-nu-latn`;
}

/** How many decimals the currency has (USD 2, JPY 0, KWD 3). */
function minorDigits(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  );
}

/** "$5", "$4.99", "5 US$" / "‏4.99 US$" in Arabic: whole amounts without ".00". */
export function formatMoney(amount: number, currency: string, language: string): string {
  const digits = minorDigits(currency);
  const scale = 10 ** digits;
  return new Intl.NumberFormat(locale(language), {
    style: 'currency',
    currency,
    minimumFractionDigits: amount % scale === 0 ? 0 : digits,
    maximumFractionDigits: digits,
  }).format(amount / scale);
}

export function formatPrice(price: Price, language: string): string {
  return formatMoney(price.amount, price.currency, language);
}

/** A yearly price spread over twelve months, rounded to the currency's minor unit. */
export function monthlyShare(yearly: Price): number {
  return Math.round(yearly.amount / 12);
}

/** What paying yearly saves against twelve monthly payments, in whole percent (0 when nothing). */
export function yearlySaving(monthly: Price, yearly: Price): number {
  if (monthly.currency.toUpperCase() !== yearly.currency.toUpperCase() || monthly.amount <= 0) return 0;
  return Math.max(0, Math.round((1 - yearly.amount / (monthly.amount * 12)) * 100));
}

export function priceFor(prices: readonly Price[], interval: Price['interval']): Price | undefined {
  return prices.find((price) => price.interval === interval);
}
