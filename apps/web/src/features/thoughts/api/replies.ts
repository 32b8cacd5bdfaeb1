import type { Reply } from '@sahifa/contracts/community';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { patchThought, type ThoughtScreenPages, thoughtKeys } from './keys.ts';

/** POST /api/v1/thoughts/:thoughtId/replies — a reply (≤ 1,000 characters, not blank). */
export function addReply(thoughtId: string, reply: string) {
  return apiFetch<{ reply: Reply; replyCount: number }>(
    `/api/v1/thoughts/${encodeURIComponent(thoughtId)}/replies`,
    { method: 'POST', json: { reply } },
  );
}

/** DELETE /api/v1/replies/:replyId — the reply's author removes it. */
export function deleteReply(replyId: string) {
  return apiFetch<{ replyCount: number }>(`/api/v1/replies/${encodeURIComponent(replyId)}`, {
    method: 'DELETE',
  });
}

export function useAddReply(thoughtId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => addReply(thoughtId, text),
    onSuccess: ({ reply, replyCount }) => {
      queryClient.setQueryData<ThoughtScreenPages>(thoughtKeys.thought(thoughtId), (old) => {
        const [first, ...rest] = old?.pages ?? [];
        if (!old || !first) return old;
        const items = [reply, ...first.replies.items.filter((r) => r.id !== reply.id)];
        return { ...old, pages: [{ ...first, replies: { ...first.replies, items } }, ...rest] };
      });
      patchThought(queryClient, thoughtId, (t) => ({ ...t, replyCount }));
    },
  });
}

export function useDeleteReply(thoughtId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReply,
    onSuccess: ({ replyCount }, replyId) => {
      queryClient.setQueryData<ThoughtScreenPages>(thoughtKeys.thought(thoughtId), (old) =>
        old
          ? {
              ...old,
              pages: old.pages.map((page) => ({
                ...page,
                replies: { ...page.replies, items: page.replies.items.filter((r) => r.id !== replyId) },
              })),
            }
          : old,
      );
      patchThought(queryClient, thoughtId, (t) => ({ ...t, replyCount }));
    },
  });
}
