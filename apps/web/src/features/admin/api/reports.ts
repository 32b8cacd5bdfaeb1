import type { QueuedReport, ReportQueuePage } from '@sahifa/contracts/admin';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReportPages, withoutDecidedItem } from '#web/features/admin/report-cache.ts';
import { apiFetch } from '#web/lib/api.ts';
import { segment, withQuery } from '#web/lib/api-paths.ts';
import { adminKeys, nextCursor } from './keys.ts';

export const REPORT_FILTERS = ['open', 'closed'] as const;
export type ReportFilter = (typeof REPORT_FILTERS)[number];
export type ReportDecision = 'hide' | 'delete' | 'dismiss';

/** GET /api/v1/admin/reports?status&cursor — the queue, newest first. */
export function fetchReports(status: ReportFilter, cursor: string | undefined, signal?: AbortSignal) {
  return apiFetch<ReportQueuePage>(withQuery('/api/v1/admin/reports', { status, cursor }), { signal });
}

export function useReportQueue(status: ReportFilter) {
  return useInfiniteQuery({
    queryKey: adminKeys.reportList(status),
    queryFn: ({ pageParam, signal }) => fetchReports(status, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextCursor,
  });
}

/**
 * POST /api/v1/admin/reports/:id/decision — hide or delete the item, or dismiss its reports.
 * `onDecided` runs even when the report's card has already left the list.
 */
export function useDecideReport(onDecided: (action: ReportDecision) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ report, action }: { report: QueuedReport; action: ReportDecision }) =>
      apiFetch<QueuedReport>(`/api/v1/admin/reports/${segment(report.id)}/decision`, {
        method: 'POST',
        json: { action },
      }),
    onSuccess: (decided, { action }) => {
      queryClient.setQueryData<ReportPages>(adminKeys.reportList('open'), (old) =>
        old ? withoutDecidedItem(old, decided) : old,
      );
      void queryClient.invalidateQueries({ queryKey: adminKeys.reports() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit() });
      onDecided(action);
    },
  });
}
