// Back from Stripe Checkout (/app/billing?checkout=success|cancelled): Stripe tells the server
// through a webhook, which may land a few seconds after the member does, so the page asks again
// for a while before it says that Plus may take a little longer.

import type { Plan } from '@sahifa/contracts/billing';

export type CheckoutReturn = 'success' | 'cancelled';

/** How often, and how long, the billing page asks whether Plus is active yet. */
export const ACTIVATION_POLL_MS = 1_500;
export const ACTIVATION_WAIT_MS = 12_000;

export function checkoutReturnOf(search: URLSearchParams): CheckoutReturn | null {
  const value = search.get('checkout');
  return value === 'success' || value === 'cancelled' ? value : null;
}

export type ActivationStage = 'waiting' | 'active' | 'slow';

/** After a successful checkout: still waiting for the webhook, Plus is on, or it is taking long. */
export function activationStage(plan: Plan | undefined, waitedTooLong: boolean): ActivationStage {
  if (plan === 'plus') return 'active';
  return waitedTooLong ? 'slow' : 'waiting';
}
