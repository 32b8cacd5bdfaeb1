import { LIMITS } from '@sahifa/contracts/library';
import type { SearchResults } from '@sahifa/contracts/search';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';

/** The query as the API takes it: trimmed, at most LIMITS.searchQuery characters. */
export function cleanQuery(query: string): string {
  return query.trim().slice(0, LIMITS.searchQuery).trim();
}

/** GET /api/v1/search?q= — books and members, with the normalised terms to highlight. */
export function fetchSearch(query: string, signal?: AbortSignal): Promise<SearchResults> {
  return apiFetch<SearchResults>(`/api/v1/search?${new URLSearchParams({ q: query })}`, { signal });
}

export const searchQueryOptions = (query: string) =>
  queryOptions({
    queryKey: ['search', query],
    // TanStack aborts the signal when the key changes before the answer arrives.
    queryFn: ({ signal }) => fetchSearch(query, signal),
    staleTime: 30_000,
  });

/** Results for `query` (nothing is fetched for an empty one); the previous results stay while the next load. */
export function useSearch(query: string) {
  return useQuery({
    ...searchQueryOptions(query),
    enabled: query.length > 0,
    placeholderData: keepPreviousData,
  });
}
