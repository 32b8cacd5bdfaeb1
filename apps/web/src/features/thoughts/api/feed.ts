import type { ThoughtPage } from '@sahifa/contracts/community';
import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { thoughtKeys } from './keys.ts';

function withCursor(path: string, cursor: string | undefined, limit?: number) {
  const params = new URLSearchParams();
  if (cursor) params.set('cursor', cursor);
  if (limit) params.set('limit', String(limit));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** GET /api/v1/thoughts?cursor&limit — everyone's thoughts, newest first. */
export function fetchThoughts(cursor: string | undefined, signal?: AbortSignal, limit?: number) {
  return apiFetch<ThoughtPage>(withCursor('/api/v1/thoughts', cursor, limit), { signal });
}

export function useThoughtFeed() {
  return useInfiniteQuery({
    queryKey: thoughtKeys.feed(),
    queryFn: ({ pageParam, signal }) => fetchThoughts(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

const LATEST_THOUGHTS = 5;

/** The newest few thoughts, for the home screen. */
export const latestThoughtsQueryOptions = () =>
  queryOptions({
    queryKey: thoughtKeys.latest(),
    queryFn: ({ signal }) => fetchThoughts(undefined, signal, LATEST_THOUGHTS),
  });

export function useLatestThoughts() {
  return useQuery(latestThoughtsQueryOptions());
}

/** GET /api/v1/users/:userNumber/thoughts?cursor — one member's thoughts, newest first. */
export function fetchMemberThoughts(userNumber: number, cursor: string | undefined, signal?: AbortSignal) {
  return apiFetch<ThoughtPage>(withCursor(`/api/v1/users/${userNumber}/thoughts`, cursor), { signal });
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
