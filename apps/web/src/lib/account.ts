// GET /api/v1/me/account — what the app shell needs to know of the signed-in member (operator,
// plan, suspended). One query and one cache for the shell, billing and the console.

import type { Account } from '@sahifa/contracts/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from './api.ts';

export const accountQueryKey = () => ['me', 'account'] as const;

export function fetchAccount(signal?: AbortSignal): Promise<Account> {
  return apiFetch<Account>('/api/v1/me/account', { signal });
}

export const accountQueryOptions = () =>
  queryOptions({
    queryKey: accountQueryKey(),
    queryFn: ({ signal }) => fetchAccount(signal),
    staleTime: 5 * 60_000,
  });

export function useAccount() {
  return useQuery(accountQueryOptions());
}
