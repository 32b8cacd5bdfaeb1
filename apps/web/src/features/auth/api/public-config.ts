import type { PublicConfig } from '@sahifa/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';

export function fetchPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return apiFetch<PublicConfig>('/api/v1/config', { signal });
}

export const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['config'],
    queryFn: ({ signal }) => fetchPublicConfig(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Public settings (e.g. whether Google sign-in is configured); a failure just means "off". */
export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions());
}
