import type { ConversationPage } from '@sahifa/contracts/assistant';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { withQuery } from '#web/lib/api-paths.ts';
import { assistantKeys } from './keys.ts';

/** GET /api/v1/assistant/conversations?cursor — the member's conversations, last active first. */
export function fetchConversations(cursor: string | undefined, signal?: AbortSignal) {
  return apiFetch<ConversationPage>(withQuery('/api/v1/assistant/conversations', { cursor }), { signal });
}

export function useConversations() {
  return useInfiniteQuery({
    queryKey: assistantKeys.conversations(),
    queryFn: ({ pageParam, signal }) => fetchConversations(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
