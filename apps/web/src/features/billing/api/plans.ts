import type { PlanCatalog } from '@sahifa/contracts/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';

/** GET /api/v1/plans (public) — what each plan includes, and what Plus costs when billing is on. */
export function fetchPlans(signal?: AbortSignal): Promise<PlanCatalog> {
  return apiFetch<PlanCatalog>('/api/v1/plans', { signal });
}

export const plansQueryOptions = () =>
  queryOptions({
    queryKey: ['plans'],
    queryFn: ({ signal }) => fetchPlans(signal),
    staleTime: 10 * 60_000,
  });

export function usePlans() {
  return useQuery(plansQueryOptions());
}
