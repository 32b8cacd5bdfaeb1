import type { Conversation } from '@sahifa/contracts/assistant';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { assistantKeys } from './keys.ts';

/** GET /api/v1/assistant/conversations/:id — one of the member's conversations with its messages. */
export function fetchConversation(conversationId: string, signal?: AbortSignal): Promise<Conversation> {
  return apiFetch<Conversation>(`/api/v1/assistant/conversations/${encodeURIComponent(conversationId)}`, {
    signal,
  });
}

/**
 * The conversation as the server has it now: it becomes the chat's first messages, so it is
 * never taken from an older copy (a copy would miss the answers given since).
 */
export function useConversation(conversationId: string, enabled = true) {
  return useQuery({
    queryKey: assistantKeys.conversation(conversationId),
    queryFn: ({ signal }) => fetchConversation(conversationId, signal),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}
