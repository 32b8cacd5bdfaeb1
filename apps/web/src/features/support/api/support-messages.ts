import type { SupportMessagePage } from '@sahifa/contracts/support';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { withQuery } from '#web/lib/api-paths.ts';

export const supportKeys = {
  mine: () => ['me', 'support'] as const,
};

/** GET /api/v1/support?cursor — the member's own messages, newest first. */
export function fetchSupportMessages(cursor: string | undefined, signal?: AbortSignal) {
  return apiFetch<SupportMessagePage>(withQuery('/api/v1/support', { cursor }), { signal });
}

export function useSupportMessages() {
  return useInfiniteQuery({
    queryKey: supportKeys.mine(),
    queryFn: ({ pageParam, signal }) => fetchSupportMessages(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
