import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NotFoundState } from '#web/components/ui/States.tsx';
import { useTagBooks } from '#web/features/library/api/tag-books.ts';
import { BookListScreen } from '#web/features/library/components/BookListScreen.tsx';
import { isNotFoundError } from '#web/lib/api.ts';
import { tagName } from '#web/lib/localized.ts';

/** /app/tag/:tagId — every book with this tag, newest first. */
export function TagPage() {
  const { t, i18n } = useTranslation();
  const { tagId = '' } = useParams();
  const query = useTagBooks(tagId);

  if (isNotFoundError(query.error)) {
    return <NotFoundState title={t('browse.tagNotFound')} body={t('browse.tagNotFoundBody')} />;
  }
  const tag = query.data?.pages[0]?.tag;
  return (
    <BookListScreen
      title={tag ? t('browse.tagTitle', { tag: tagName(tag, i18n.resolvedLanguage ?? 'en') }) : null}
      emptyText={t('browse.tagEmpty')}
      query={query}
    />
  );
}

export default TagPage;
