// Where a book lives in the app: its preview, and its reader — in the language the member was
// reading it in, when there is one (the reader opens at the saved page).
import type { Lang } from '@sahifa/contracts/library';

interface BookRef {
  id: string;
  categoryId: string;
}

const bookBase = (book: BookRef) => `/app/${encodeURIComponent(book.categoryId)}`;

export function previewPath(book: BookRef): string {
  return `${bookBase(book)}/preview/${encodeURIComponent(book.id)}`;
}

export function readerPath(book: BookRef, lang?: Lang | null): string {
  const path = `${bookBase(book)}/${encodeURIComponent(book.id)}`;
  return lang ? `${path}?lang=${lang}` : path;
}
