import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { removeConversation } from './keys.ts';

/** DELETE /api/v1/assistant/conversations/:id — the conversation and its messages. */
export function deleteConversation(conversationId: string): Promise<void> {
  return apiFetch<void>(`/api/v1/assistant/conversations/${encodeURIComponent(conversationId)}`, {
    method: 'DELETE',
  });
}

export function useDeleteConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteConversation,
    onSuccess: (_, conversationId) => removeConversation(queryClient, conversationId),
  });
}
