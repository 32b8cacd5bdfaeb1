// Where a book lives in the app: its preview, and its reader — in the language the member was
// reading it in, when there is one (the reader opens at the saved page), or at a given page (a
// MoejrAI citation opens the page it quotes).
import type { Lang } from '@sahifa/contracts/library';

interface BookRef {
  id: string;
  categoryId: string;
}

const bookBase = (book: BookRef) => `/app/${encodeURIComponent(book.categoryId)}`;

export function previewPath(book: BookRef): string {
  return `${bookBase(book)}/preview/${encodeURIComponent(book.id)}`;
}

/** The reader; `lang` and `page` (a whole number from 1) become `?lang=&page=`, which the reader honours. */
export function readerPath(book: BookRef, lang?: Lang | null, page?: number | null): string {
  const path = `${bookBase(book)}/${encodeURIComponent(book.id)}`;
  const params = new URLSearchParams();
  if (lang) params.set('lang', lang);
  if (page != null && Number.isInteger(page) && page >= 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
