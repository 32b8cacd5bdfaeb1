import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

interface BookmarkState {
  bookmarked: boolean;
}

/** PUT (add, idempotent) or DELETE (remove) /api/v1/books/:bookId/bookmark. */
export function saveBookmark(bookId: string, bookmarked: boolean): Promise<BookmarkState> {
  return apiFetch<BookmarkState>(`/api/v1/books/${encodeURIComponent(bookId)}/bookmark`, {
    method: bookmarked ? 'PUT' : 'DELETE',
  });
}

type WithState = { state: { bookmarked: boolean } };

/** The preview and the reader both carry `state.bookmarked`; keep both in step. */
function writeBookmarked(queryClient: QueryClient, bookId: string, bookmarked: boolean): void {
  for (const key of [queryKeys.bookPreview(bookId), queryKeys.bookReading(bookId)]) {
    queryClient.setQueryData<WithState>(key, (old) =>
      old ? { ...old, state: { ...old.state, bookmarked } } : old,
    );
  }
}

function readBookmarked(queryClient: QueryClient, bookId: string): boolean | undefined {
  return (
    queryClient.getQueryData<WithState>(queryKeys.bookPreview(bookId))?.state.bookmarked ??
    queryClient.getQueryData<WithState>(queryKeys.bookReading(bookId))?.state.bookmarked
  );
}

/** Bookmarks a book or removes its bookmark, showing the change before the server answers. */
export function useSaveBookmark(bookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bookmarked: boolean) => saveBookmark(bookId, bookmarked),
    onMutate: async (bookmarked) => {
      // A refetch in flight must not overwrite the optimistic value with the old one.
      await Promise.all([
        queryClient.cancelQueries({ queryKey: queryKeys.bookPreview(bookId), exact: true }),
        queryClient.cancelQueries({ queryKey: queryKeys.bookReading(bookId), exact: true }),
      ]);
      const previous = readBookmarked(queryClient, bookId);
      writeBookmarked(queryClient, bookId, bookmarked);
      return { previous };
    },
    onError: (_error, _bookmarked, context) => {
      if (context?.previous !== undefined) writeBookmarked(queryClient, bookId, context.previous);
    },
    onSuccess: (state) => writeBookmarked(queryClient, bookId, state.bookmarked),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.myLibrary() }),
  });
}
