import type { MyLibrary } from '@sahifa/contracts/books';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /api/v1/me/library — bookmarked, in-progress and finished books, in one request. */
export function fetchMyLibrary(signal?: AbortSignal): Promise<MyLibrary> {
  return apiFetch<MyLibrary>('/api/v1/me/library', { signal });
}

export const myLibraryQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.myLibrary(),
    queryFn: ({ signal }) => fetchMyLibrary(signal),
    // Reading elsewhere changes it; a visit should show the latest state.
    staleTime: 0,
  });

export function useMyLibrary() {
  return useQuery(myLibraryQueryOptions());
}
