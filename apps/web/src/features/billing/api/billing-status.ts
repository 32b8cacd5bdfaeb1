import type { BillingStatus } from '@sahifa/contracts/billing';
import { useQuery } from '@tanstack/react-query';
import { ACTIVATION_POLL_MS } from '#web/features/billing/checkout-return.ts';
import { apiFetch } from '#web/lib/api.ts';

export const billingKeys = {
  status: () => ['me', 'billing'] as const,
};

/** GET /api/v1/billing — the member's plan, its status and dates. */
export function fetchBillingStatus(signal?: AbortSignal): Promise<BillingStatus> {
  return apiFetch<BillingStatus>('/api/v1/billing', { signal });
}

/** `pollUntilPlus`: back from Checkout, ask again every little while until the webhook gave Plus. */
export function useBillingStatus({ pollUntilPlus = false }: { pollUntilPlus?: boolean } = {}) {
  return useQuery({
    queryKey: billingKeys.status(),
    queryFn: ({ signal }) => fetchBillingStatus(signal),
    refetchInterval: (query) =>
      pollUntilPlus && query.state.data?.plan !== 'plus' ? ACTIVATION_POLL_MS : false,
    staleTime: 0,
  });
}
