// Books and tags may carry an Arabic title, author or name beside the English one (the demo
// library's do; a member's summary may). The Arabic interface shows the Arabic one when there is
// one, and the English one otherwise; the English interface always shows the English one.

/** The Arabic text in the Arabic interface when it has something to show, else the English text. */
export function localized(english: string, arabic: string | null | undefined, language: string): string {
  return language === 'ar' && arabic?.trim() ? arabic : english;
}

export function bookTitle(book: { title: string; titleAr?: string | null }, language: string): string {
  return localized(book.title, book.titleAr, language);
}

export function bookAuthor(book: { author: string; authorAr?: string | null }, language: string): string {
  return localized(book.author, book.authorAr, language);
}

export function tagName(tag: { name: string; nameAr?: string | null }, language: string): string {
  return localized(tag.name, tag.nameAr, language);
}

/**
 * `text` wrapped in Unicode isolates (FSI … PDI), for a member's or a book's words inside a
 * translated sentence that must stay a plain string (an aria-label, a dialog's question): the
 * direction of "The Prince." never moves the sentence's punctuation. In elements use <bdi> instead.
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}
