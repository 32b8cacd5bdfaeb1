import type { ProfilePage, SummaryPage } from '@sahifa/contracts/community';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiFetch, isNotFoundError } from '#web/lib/api.ts';
import { withQuery } from '#web/lib/api-paths.ts';

import { queryKeys } from '#web/lib/query-keys.ts';

export const profileKeys = {
  all: queryKeys.profiles,
  member: (userNumber: number) => ['profile', userNumber] as const,
  /** Under the member's key: whatever refreshes the profile refreshes its summaries too. */
  summaries: (userNumber: number) => ['profile', userNumber, 'summaries'] as const,
};

/** GET /api/v1/users/:userNumber — the profile and the first pages of its thoughts and summaries. */
export function fetchProfile(userNumber: number, signal?: AbortSignal) {
  return apiFetch<ProfilePage>(`/api/v1/users/${userNumber}`, { signal });
}

export function useProfile(userNumber: number) {
  return useQuery({
    queryKey: profileKeys.member(userNumber),
    queryFn: ({ signal }) => fetchProfile(userNumber, signal),
    retry: (count, error) => !isNotFoundError(error) && count < 2,
  });
}

/** GET /api/v1/users/:userNumber/summaries?cursor — more of the summaries a member published. */
export function fetchMemberSummaries(userNumber: number, cursor: string | undefined, signal?: AbortSignal) {
  return apiFetch<SummaryPage>(withQuery(`/api/v1/users/${userNumber}/summaries`, { cursor }), { signal });
}

/** The summaries a member published; the profile already carries the first page, so it seeds the cache. */
export function useMemberSummaries(userNumber: number, firstPage: SummaryPage, firstPageAt: number) {
  return useInfiniteQuery({
    queryKey: profileKeys.summaries(userNumber),
    queryFn: ({ pageParam, signal }) => fetchMemberSummaries(userNumber, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    initialData: { pages: [firstPage], pageParams: [undefined] },
    initialDataUpdatedAt: firstPageAt,
  });
}
