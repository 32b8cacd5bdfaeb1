// Query keys shared by features that read or change the same server data (a bookmark changed on
// the preview shows in the reader and in My Library). Features import keys, never each other.

export const queryKeys = {
  /** GET /books — every category with its newest books. */
  booksByCategory: () => ['books', 'by-category'] as const,
  categoryBooks: (categoryId: string) => ['books', 'category', categoryId] as const,
  tagBooks: (tagId: string) => ['books', 'tag', tagId] as const,
  /** Everything about one book starts with this prefix (preview, reader, comments). */
  book: (bookId: string) => ['book', bookId] as const,
  bookPreview: (bookId: string) => ['book', bookId, 'preview'] as const,
  bookReading: (bookId: string) => ['book', bookId, 'read'] as const,
  bookComments: (bookId: string) => ['book', bookId, 'comments'] as const,
  myLibrary: () => ['me', 'library'] as const,
  /** Every list or screen of thoughts and replies (features/thoughts keys all start with it). */
  thoughts: () => ['thoughts'] as const,
  /** Every member profile (features/profile keys all start with it). */
  profiles: () => ['profile'] as const,
};
