import type { ConversationSummary, NewConversationBody } from '@sahifa/contracts/assistant';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';

/** POST /api/v1/assistant/conversations — a conversation about the library, or one book (404 if it is gone). */
export function createConversation(body: NewConversationBody): Promise<ConversationSummary> {
  return apiFetch<ConversationSummary>('/api/v1/assistant/conversations', { method: 'POST', json: body });
}

export function useCreateConversation() {
  return useMutation({ mutationFn: createConversation });
}
