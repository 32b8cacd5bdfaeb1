import type { LibraryOverview } from '@sahifa/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';

/** GET /api/v1/library/overview — categories and featured books, in one request. */
export function fetchLibraryOverview(signal?: AbortSignal): Promise<LibraryOverview> {
  return apiFetch<LibraryOverview>('/api/v1/library/overview', { signal });
}

export const libraryOverviewQueryOptions = () =>
  queryOptions({
    queryKey: ['library', 'overview'],
    queryFn: ({ signal }) => fetchLibraryOverview(signal),
    staleTime: 5 * 60_000,
  });

export function useLibraryOverview() {
  return useQuery(libraryOverviewQueryOptions());
}
