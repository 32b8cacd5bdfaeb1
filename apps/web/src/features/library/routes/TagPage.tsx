import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NotFoundState } from '../../../components/ui/States.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useTagBooks } from '../api/tag-books.ts';
import { BookListScreen } from '../components/BookListScreen.tsx';

/** /app/tag/:tagId — every book with this tag, newest first. */
export function TagPage() {
  const { t } = useTranslation();
  const { tagId = '' } = useParams();
  const query = useTagBooks(tagId);

  if (query.error instanceof ApiError && query.error.status === 404) {
    return <NotFoundState title={t('browse.tagNotFound')} body={t('browse.tagNotFoundBody')} />;
  }
  const tag = query.data?.pages[0]?.tag;
  return (
    <BookListScreen
      title={tag ? t('browse.tagTitle', { tag: tag.name }) : null}
      emptyText={t('browse.tagEmpty')}
      query={query}
    />
  );
}

export default TagPage;
