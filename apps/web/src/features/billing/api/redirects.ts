import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';

type Redirect = { url: string };

/** POST /api/v1/billing/checkout → Stripe Checkout for this price (409 when already on Plus). */
export function startCheckout(priceId: string): Promise<Redirect> {
  return apiFetch<Redirect>('/api/v1/billing/checkout', { method: 'POST', json: { priceId } });
}

/** POST /api/v1/billing/portal → Stripe's Customer Portal (card, invoices, cancel). */
export function openPortal(): Promise<Redirect> {
  return apiFetch<Redirect>('/api/v1/billing/portal', { method: 'POST' });
}

/** Both leave the app for Stripe: the button stays busy until the browser has gone. */
function leaveFor({ url }: Redirect) {
  window.location.assign(url);
}

export function useStartCheckout() {
  return useMutation({ mutationFn: startCheckout, onSuccess: leaveFor });
}

export function useOpenPortal() {
  return useMutation({ mutationFn: openPortal, onSuccess: leaveFor });
}
