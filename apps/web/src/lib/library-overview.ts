// GET /api/v1/library/overview — categories and featured books, in one request. One query, read by
// the library (home, landing), publishing (the categories a summary is filed under) and search
// (the categories offered before anything is typed): they share one cache entry.

import type { Category, LibraryOverview } from '@sahifa/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';

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

const selectCategories = (overview: LibraryOverview): Category[] => overview.categories;

/** The overview's categories only (same request, same cache). */
export function useLibraryCategories() {
  return useQuery({ ...libraryOverviewQueryOptions(), select: selectCategories });
}
