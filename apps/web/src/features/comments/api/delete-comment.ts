import type { RatingSummary } from '@sahifa/contracts/comments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { withoutComment } from '#web/features/comments/review-cache.ts';
import { apiFetch } from '#web/lib/api.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import type { CommentPages } from './comments.ts';

/** DELETE /api/v1/comments/:commentId — the author removes their comment; answers the new average. */
export function deleteComment(commentId: string): Promise<RatingSummary> {
  return apiFetch<RatingSummary>(`/api/v1/comments/${encodeURIComponent(commentId)}`, { method: 'DELETE' });
}

export function useDeleteComment(bookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) => deleteComment(commentId),
    onSuccess: (rating, commentId) => {
      queryClient.setQueryData<CommentPages>(queryKeys.bookComments(bookId), (old) =>
        withoutComment(old, commentId, rating),
      );
    },
  });
}
