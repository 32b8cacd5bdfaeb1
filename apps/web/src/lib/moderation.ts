// Reports and blocks (issue 11): any feature may offer "Report" on what a member wrote, the profile
// blocks, the settings list unblocks; one set of calls and keys for all of them.

import { ACCOUNT_SUSPENDED_CODE, type BlockedMember, type NewReport } from '@sahifa/contracts/moderation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from './api.ts';
import { queryKeys } from './query-keys.ts';

export const moderationKeys = {
  blocks: () => ['me', 'blocks'] as const,
};

/** POST /api/v1/reports — 201 (or 200 when this member already reported it); 404 when it is gone. */
export function reportContent(report: NewReport): Promise<{ id: string }> {
  return apiFetch<{ id: string }>('/api/v1/reports', { method: 'POST', json: report });
}

export function useReportContent() {
  return useMutation({ mutationFn: reportContent });
}

/** GET /api/v1/blocks — the members I blocked. */
export function fetchBlockedMembers(signal?: AbortSignal): Promise<{ items: BlockedMember[] }> {
  return apiFetch<{ items: BlockedMember[] }>('/api/v1/blocks', { signal });
}

export function useBlockedMembers() {
  return useQuery({
    queryKey: moderationKeys.blocks(),
    queryFn: ({ signal }) => fetchBlockedMembers(signal),
  });
}

/** PUT (block) or DELETE (unblock) /api/v1/blocks/:userNumber → 204; both are idempotent. */
export function setBlocked(userNumber: number, blocked: boolean): Promise<void> {
  return apiFetch<void>(`/api/v1/blocks/${userNumber}`, { method: blocked ? 'PUT' : 'DELETE' });
}

/** Blocks or unblocks; every feed, profile and the block list are read again to match. */
export function useSetBlocked() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userNumber, blocked }: { userNumber: number; blocked: boolean }) =>
      setBlocked(userNumber, blocked),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.thoughts() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.profiles() }),
        queryClient.invalidateQueries({ queryKey: moderationKeys.blocks() }),
      ]),
  });
}

/** The API refused a write because the member's account is suspended (403 ACCOUNT_SUSPENDED). */
export function isSuspendedError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.code === ACCOUNT_SUSPENDED_CODE;
}
