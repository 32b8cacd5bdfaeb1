import { useQueryClient } from '@tanstack/react-query';
import { CommentsSection } from '#web/features/comments/components/CommentsSection.tsx';
import { setPreviewRating } from '#web/features/library/api/book-preview.ts';
import { BookPreviewPage } from '#web/features/library/routes/BookPreviewPage.tsx';
import { queryKeys } from '#web/lib/query-keys.ts';

/** The book preview with its ratings and comments composed in (the features stay apart). */
export function BookPreviewRoute() {
  const queryClient = useQueryClient();
  return (
    <BookPreviewPage
      renderComments={(preview) => (
        <CommentsSection
          key={preview.book.id}
          bookId={preview.book.id}
          initial={preview.comments}
          rating={{ averageRating: preview.book.averageRating, ratingCount: preview.book.ratingCount }}
          loadedAt={queryClient.getQueryState(queryKeys.bookPreview(preview.book.id))?.dataUpdatedAt ?? 0}
          onRatingChange={(rating) => setPreviewRating(queryClient, preview.book.id, rating)}
        />
      )}
    />
  );
}

export default BookPreviewRoute;
