import type { TagBooks } from '@sahifa/contracts/books';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /api/v1/tags/:tagId/books?cursor — one page, newest first. */
export function fetchTagBooks(
  tagId: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<TagBooks> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  return apiFetch<TagBooks>(`/api/v1/tags/${encodeURIComponent(tagId)}/books${query}`, { signal });
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
