import type { CommentPage } from '@sahifa/contracts/comments';
import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { withQuery } from '#web/lib/api-paths.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export type CommentPages = InfiniteData<CommentPage, string | undefined>;

/** GET /api/v1/books/:bookId/comments?cursor — newest first, with the book's rating. */
export function fetchComments(bookId: string, cursor: string | undefined, signal?: AbortSignal) {
  return apiFetch<CommentPage>(
    withQuery(`/api/v1/books/${encodeURIComponent(bookId)}/comments`, { cursor }),
    {
      signal,
    },
  );
}

export const commentsQueryOptions = (bookId: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.bookComments(bookId),
    queryFn: ({ pageParam, signal }) => fetchComments(bookId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/**
 * The comments of a book. The preview already carries the first page, so it seeds the cache and
 * the screen makes no second request; "Load more" follows the cursor.
 */
export function useComments(bookId: string, firstPage: CommentPage, firstPageAt: number) {
  return useInfiniteQuery({
    ...commentsQueryOptions(bookId),
    initialData: { pages: [firstPage], pageParams: [undefined] },
    initialDataUpdatedAt: firstPageAt,
  });
}
