import type { InboxMessage } from '@sahifa/contracts/support';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, isNotFoundError } from '#web/lib/api.ts';
import { segment } from '#web/lib/api-paths.ts';
import { cachedInboxMessage } from './inbox.ts';
import { adminKeys } from './keys.ts';

const messagePath = (messageId: string) => `/api/v1/admin/support/${segment(messageId)}`;

/** GET /api/v1/admin/support/:id — the message, its sender, device and the replies so far. */
export function fetchInboxMessage(messageId: string, signal?: AbortSignal) {
  return apiFetch<InboxMessage>(messagePath(messageId), { signal });
}

export function useInboxMessage(messageId: string) {
  const queryClient = useQueryClient();
  return useQuery<InboxMessage>({
    queryKey: adminKeys.message(messageId),
    queryFn: ({ signal }) => fetchInboxMessage(messageId, signal),
    placeholderData: () => cachedInboxMessage(queryClient, messageId),
    retry: (count, error) => !isNotFoundError(error) && count < 2,
  });
}

/** The message as the server now has it; the lists and the audit list are fetched again. */
function stored(queryClient: QueryClient, message: InboxMessage) {
  queryClient.setQueryData(adminKeys.message(message.id), message);
  void queryClient.invalidateQueries({ queryKey: adminKeys.inboxLists() });
  void queryClient.invalidateQueries({ queryKey: adminKeys.audit() });
}

/** POST /api/v1/admin/support/:id/replies — mailed to the reply-to address; the message is then answered. */
export function useSendReply(messageId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      apiFetch<InboxMessage>(`${messagePath(messageId)}/replies`, { method: 'POST', json: { body } }),
    onSuccess: (message) => stored(queryClient, message),
  });
}

/** PUT /api/v1/admin/support/:id/status — mark answered, or reopen. */
export function useSetMessageStatus(messageId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: InboxMessage['status']) =>
      apiFetch<InboxMessage>(`${messagePath(messageId)}/status`, { method: 'PUT', json: { status } }),
    onSuccess: (message) => stored(queryClient, message),
  });
}
