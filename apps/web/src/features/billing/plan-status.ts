// How the billing page words a member's plan: which date line to show, and which notes.

import type { BillingStatus } from '@sahifa/contracts/billing';

export type PeriodLine = { key: 'renewsOn' | 'endsOn' | 'endedOn'; date: string };

/**
 * Plus that renews says when; Plus cancelled at the period's end says when it ends (Stripe keeps
 * it until then); a subscription that is over says when it ended. Free without one says nothing.
 */
export function periodLine(status: BillingStatus): PeriodLine | null {
  const date = status.currentPeriodEnd;
  if (!date) return null;
  if (status.plan === 'plus') return { key: status.cancelAtPeriodEnd ? 'endsOn' : 'renewsOn', date };
  return status.status === 'canceled' ? { key: 'endedOn', date } : null;
}

/** The status is worth a line: anything but "never subscribed". */
export function showsStatus(status: BillingStatus): boolean {
  return status.status !== 'none';
}

/** Stripe is retrying a failed renewal: Plus stays for now, the card needs updating. */
export function needsNewCard(status: BillingStatus): boolean {
  return status.status === 'past_due' || status.status === 'unpaid';
}
