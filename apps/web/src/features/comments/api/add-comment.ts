import type { AddedComment, NewCommentBody } from '@sahifa/contracts/comments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { withSavedReview } from '#web/features/comments/review-cache.ts';
import { apiFetch } from '#web/lib/api.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import type { CommentPages } from './comments.ts';

/**
 * POST /api/v1/books/:bookId/comments — a rating (1–5) with an optional comment. A member has one
 * review per book: the first post adds it (201), a later one edits it (200, same id).
 */
export function addComment(bookId: string, body: NewCommentBody): Promise<AddedComment> {
  return apiFetch<AddedComment>(`/api/v1/books/${encodeURIComponent(bookId)}/comments`, {
    method: 'POST',
    json: body,
  });
}

/** Puts the saved review at the top of the list, once, as soon as the server has stored it. */
export function useAddComment(bookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewCommentBody) => addComment(bookId, body),
    onSuccess: (saved) => {
      queryClient.setQueryData<CommentPages>(queryKeys.bookComments(bookId), (old) =>
        withSavedReview(old, saved),
      );
    },
  });
}
