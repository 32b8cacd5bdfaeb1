// How the cached comment pages change when the member saves or deletes their review. A member
// has one review per book (the server edits it when they rate again), so a saved review leads
// the first page, appears nowhere else — even when it sat on an older page — and is theirs.
import type { AddedComment, RatingSummary } from '@sahifa/contracts/comments';
import type { CommentPages } from './api/comments.ts';

/** The pages after a review was posted or edited: it leads the list, once; the average follows. */
export function withSavedReview(
  old: CommentPages | undefined,
  saved: AddedComment,
): CommentPages | undefined {
  const [first, ...rest] = old?.pages ?? [];
  if (!old || !first) return old;
  const { comment, rating } = saved;
  const others = <T extends { id: string }>(items: T[]) => items.filter((item) => item.id !== comment.id);
  return {
    ...old,
    pages: [
      { ...first, items: [comment, ...others(first.items)], rating, myReview: comment },
      ...rest.map((page) => ({ ...page, items: others(page.items), rating, myReview: comment })),
    ],
  };
}

/** The pages after a comment was deleted: gone from every page; no longer "my review" if it was. */
export function withoutComment(
  old: CommentPages | undefined,
  commentId: string,
  rating: RatingSummary,
): CommentPages | undefined {
  if (!old) return old;
  return {
    ...old,
    pages: old.pages.map((page) => ({
      ...page,
      rating,
      items: page.items.filter((comment) => comment.id !== commentId),
      myReview: page.myReview?.id === commentId ? null : page.myReview,
    })),
  };
}
