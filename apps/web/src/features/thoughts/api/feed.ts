import type { ThoughtPage } from '@sahifa/contracts/community';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { withQuery } from '#web/lib/api-paths.ts';
import { thoughtKeys } from './keys.ts';

/** GET /api/v1/thoughts?cursor — everyone's thoughts, newest first. */
export function fetchThoughts(cursor: string | undefined, signal?: AbortSignal) {
  return apiFetch<ThoughtPage>(withQuery('/api/v1/thoughts', { cursor }), { signal });
}

export function useThoughtFeed() {
  return useInfiniteQuery({
    queryKey: thoughtKeys.feed(),
    queryFn: ({ pageParam, signal }) => fetchThoughts(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** GET /api/v1/users/:userNumber/thoughts?cursor — one member's thoughts, newest first. */
export function fetchMemberThoughts(userNumber: number, cursor: string | undefined, signal?: AbortSignal) {
  return apiFetch<ThoughtPage>(withQuery(`/api/v1/users/${userNumber}/thoughts`, { cursor }), { signal });
}

/** A member's thoughts; the profile already carries the first page, so it seeds the cache. */
export function useMemberThoughts(userNumber: number, firstPage: ThoughtPage, firstPageAt: number) {
  return useInfiniteQuery({
    queryKey: thoughtKeys.member(userNumber),
    queryFn: ({ pageParam, signal }) => fetchMemberThoughts(userNumber, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    initialData: { pages: [firstPage], pageParams: [undefined] },
    initialDataUpdatedAt: firstPageAt,
  });
}
