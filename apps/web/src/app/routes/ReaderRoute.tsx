import { BookmarkToggle } from '#web/features/library/components/BookmarkToggle.tsx';
import { ReaderPage } from '#web/features/reader/routes/ReaderPage.tsx';

/** The reader with the library's bookmark button composed in (the features stay apart). */
export function ReaderRoute() {
  return (
    <ReaderPage
      renderBookmark={(bookId, bookmarked) => (
        <BookmarkToggle bookId={bookId} bookmarked={bookmarked} compact />
      )}
    />
  );
}

export default ReaderRoute;
