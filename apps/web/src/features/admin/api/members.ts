import type { AdminMember, AdminMemberPage } from '@sahifa/contracts/admin';
import {
  type InfiniteData,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { type ReportPages, withAuthorSuspended } from '#web/features/admin/report-cache.ts';
import { apiFetch } from '#web/lib/api.ts';
import { withQuery } from '#web/lib/api-paths.ts';
import { adminKeys, nextCursor } from './keys.ts';

type MemberPages = InfiniteData<AdminMemberPage, string | undefined>;

/** GET /api/v1/admin/members?q&cursor — by name, email (contains) or member number; everyone when q is empty. */
export function fetchMembers(query: string, cursor: string | undefined, signal?: AbortSignal) {
  return apiFetch<AdminMemberPage>(withQuery('/api/v1/admin/members', { q: query, cursor }), { signal });
}

/** The previous results stay on screen while the next search loads. */
export function useMemberSearch(query: string) {
  return useInfiniteQuery({
    queryKey: adminKeys.memberSearch(query),
    queryFn: ({ pageParam, signal }) => fetchMembers(query, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextCursor,
    placeholderData: keepPreviousData,
  });
}

/**
 * PUT /api/v1/admin/members/:userNumber/suspension — suspending also signs the member out
 * everywhere. The member's rows in the member lists and the reports on their items follow.
 */
export function useSetSuspension() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userNumber, suspended }: { userNumber: number; suspended: boolean }) =>
      apiFetch<AdminMember>(`/api/v1/admin/members/${userNumber}/suspension`, {
        method: 'PUT',
        json: { suspended },
      }),
    onSuccess: (member) => {
      queryClient.setQueriesData<MemberPages>({ queryKey: adminKeys.members() }, (old) =>
        old
          ? {
              ...old,
              pages: old.pages.map((page) => ({
                ...page,
                items: page.items.map((item) => (item.userNumber === member.userNumber ? member : item)),
              })),
            }
          : old,
      );
      queryClient.setQueriesData<ReportPages>({ queryKey: adminKeys.reports() }, (old) =>
        old ? withAuthorSuspended(old, member.userNumber, member.suspendedAt !== null) : old,
      );
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit() });
    },
  });
}
