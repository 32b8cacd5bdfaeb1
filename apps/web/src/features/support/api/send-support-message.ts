import type { NewSupportMessage, SupportMessage } from '@sahifa/contracts/support';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { supportKeys } from './support-messages.ts';

/** POST /api/v1/support → 201 the stored message (429 past the hourly limit, with the API's words). */
export function sendSupportMessage(body: NewSupportMessage): Promise<SupportMessage> {
  return apiFetch<SupportMessage>('/api/v1/support', { method: 'POST', json: body });
}

export function useSendSupportMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendSupportMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKeys.mine() }),
  });
}
