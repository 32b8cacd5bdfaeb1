import type { ConversationPage } from '@sahifa/contracts/assistant';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { assistantKeys } from './keys.ts';

/** GET /api/v1/assistant/conversations?cursor — the member's conversations, last active first. */
export function fetchConversations(cursor: string | undefined, signal?: AbortSignal) {
  const query = cursor ? `?${new URLSearchParams({ cursor })}` : '';
  return apiFetch<ConversationPage>(`/api/v1/assistant/conversations${query}`, { signal });
}

export function useConversations() {
  return useInfiniteQuery({
    queryKey: assistantKeys.conversations(),
    queryFn: ({ pageParam, signal }) => fetchConversations(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
