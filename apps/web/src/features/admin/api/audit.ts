import type { AuditPage } from '@sahifa/contracts/admin';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { withQuery } from '#web/lib/api-paths.ts';
import { adminKeys, nextCursor } from './keys.ts';

/** GET /api/v1/admin/audit?cursor — every operator action, newest first. */
export function fetchAudit(cursor: string | undefined, signal?: AbortSignal) {
  return apiFetch<AuditPage>(withQuery('/api/v1/admin/audit', { cursor }), { signal });
}

export function useAuditLog() {
  return useInfiniteQuery({
    queryKey: adminKeys.audit(),
    queryFn: ({ pageParam, signal }) => fetchAudit(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextCursor,
  });
}
