import type { InboxMessage, InboxPage } from '@sahifa/contracts/support';
import { type InfiniteData, type QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { withQuery } from '#web/lib/api-paths.ts';
import { adminKeys, nextCursor } from './keys.ts';

export const INBOX_FILTERS = ['open', 'answered', 'all'] as const;
export type InboxFilter = (typeof INBOX_FILTERS)[number];

/** GET /api/v1/admin/support?status&cursor — support messages, newest first. */
export function fetchInbox(status: InboxFilter, cursor: string | undefined, signal?: AbortSignal) {
  return apiFetch<InboxPage>(withQuery('/api/v1/admin/support', { status, cursor }), { signal });
}

export function useInbox(status: InboxFilter) {
  return useInfiniteQuery({
    queryKey: adminKeys.inboxList(status),
    queryFn: ({ pageParam, signal }) => fetchInbox(status, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextCursor,
  });
}

/** The message as an inbox list already holds it, to show at once while the message loads. */
export function cachedInboxMessage(queryClient: QueryClient, messageId: string): InboxMessage | undefined {
  const lists = queryClient.getQueriesData<InfiniteData<InboxPage>>({ queryKey: adminKeys.inboxLists() });
  for (const [, data] of lists) {
    const found = data?.pages.flatMap((page) => page.items).find((item) => item.id === messageId);
    if (found) return found;
  }
  return undefined;
}
