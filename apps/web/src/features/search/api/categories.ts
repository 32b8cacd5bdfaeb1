import type { LibraryOverview } from '@sahifa/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';

/** GET /api/v1/library/overview — the categories offered before anything is typed (cache shared with home). */
export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['library', 'overview'],
    queryFn: ({ signal }) => apiFetch<LibraryOverview>('/api/v1/library/overview', { signal }),
    staleTime: 5 * 60_000,
  });

export function useCategories() {
  return useQuery({ ...categoriesQueryOptions(), select: (overview) => overview.categories });
}
