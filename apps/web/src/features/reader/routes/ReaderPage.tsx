import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { QueryState } from '#web/components/ui/QueryState.tsx';
import { NotFoundState } from '#web/components/ui/States.tsx';
import { useBookReading } from '#web/features/reader/api/book-reading.ts';
import { Reader, type ReaderProps } from '#web/features/reader/components/Reader.tsx';
import { ReaderSkeleton } from '#web/features/reader/components/ReaderSkeleton.tsx';

/** /app/:categoryId/:bookId — the summary, one page at a time, in English or Arabic. */
export function ReaderPage({ renderBookmark }: Pick<ReaderProps, 'renderBookmark'>) {
  const { t } = useTranslation();
  const { categoryId = '', bookId = '' } = useParams();
  const query = useBookReading(bookId);

  return (
    <QueryState
      query={query}
      notFound={<NotFoundState title={t('preview.notFound')} body={t('preview.notFoundBody')} />}
      isMissing={(reading) => reading.book.categoryId !== categoryId}
      error={t('reader.loadFailed')}
      pending={<ReaderSkeleton />}
    >
      {(data) => <Reader key={bookId} data={data} renderBookmark={renderBookmark} />}
    </QueryState>
  );
}

export default ReaderPage;
