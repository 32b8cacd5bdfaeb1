// Where MoejrAI lives: a new conversation (about the whole library, or about one book —
// "Ask MoejrAI about this book" in the preview and the reader), or one saved conversation.

export const ASSISTANT_PATH = '/app/moejrAI';

export function assistantPath({ bookId, conversationId }: { bookId?: string; conversationId?: string } = {}) {
  if (conversationId) return `${ASSISTANT_PATH}/${encodeURIComponent(conversationId)}`;
  return bookId ? `${ASSISTANT_PATH}?${new URLSearchParams({ book: bookId })}` : ASSISTANT_PATH;
}
