import type { TagBooks } from '@sahifa/contracts/books';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { withQuery } from '#web/lib/api-paths.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /api/v1/tags/:tagId/books?cursor — one page, newest first. */
export function fetchTagBooks(
  tagId: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<TagBooks> {
  return apiFetch<TagBooks>(withQuery(`/api/v1/tags/${encodeURIComponent(tagId)}/books`, { cursor }), {
    signal,
  });
}

export const tagBooksQueryOptions = (tagId: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.tagBooks(tagId),
    queryFn: ({ pageParam, signal }) => fetchTagBooks(tagId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useTagBooks(tagId: string) {
  return useInfiniteQuery(tagBooksQueryOptions(tagId));
}
