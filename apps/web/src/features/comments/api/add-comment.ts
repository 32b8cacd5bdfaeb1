import type { AddedComment, NewCommentBody } from '@sahifa/contracts/comments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import type { CommentPages } from './comments.ts';

/** POST /api/v1/books/:bookId/comments — a rating (1–5) with an optional comment. */
export function addComment(bookId: string, body: NewCommentBody): Promise<AddedComment> {
  return apiFetch<AddedComment>(`/api/v1/books/${encodeURIComponent(bookId)}/comments`, {
    method: 'POST',
    json: body,
  });
}

/** Adds the comment at the top of the list as soon as the server has stored it. */
export function useAddComment(bookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewCommentBody) => addComment(bookId, body),
    onSuccess: ({ comment, rating }) => {
      queryClient.setQueryData<CommentPages>(queryKeys.bookComments(bookId), (old) => {
        const [first, ...rest] = old?.pages ?? [];
        if (!old || !first) return old;
        return {
          ...old,
          pages: [
            { ...first, items: [comment, ...first.items.filter((c) => c.id !== comment.id)], rating },
            ...rest,
          ],
        };
      });
    },
  });
}
