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
    // This device's changes invalidate it at once; another device's show on a visit 10 s later.
    // (Not 0: home's loader fetches it before the screen mounts, which would fetch it again.)
    staleTime: 10_000,
  });

export function useMyLibrary() {
  return useQuery(myLibraryQueryOptions());
}
