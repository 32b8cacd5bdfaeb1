/**
 * The book the landing page's two sample pages show, and where in it they are: a real book of the
 * demo library (content/books/muqaddimah.json), so the mock reads as the reader would show it.
 */
export const SAMPLE_PAGE = { bookId: 'muqaddimah', page: 3, pageCount: 4 } as const;
