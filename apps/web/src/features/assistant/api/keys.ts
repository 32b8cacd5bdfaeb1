import type { ConversationPage, ConversationSummary } from '@sahifa/contracts/assistant';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';

/** Everything MoejrAI caches starts with ['assistant']. */
export const assistantKeys = {
  all: () => ['assistant'] as const,
  /** GET /assistant — mode, quota and suggested questions. */
  home: () => ['assistant', 'home'] as const,
  conversations: () => ['assistant', 'conversations'] as const,
  conversation: (conversationId: string) => ['assistant', 'conversation', conversationId] as const,
};

export type ConversationPages = InfiniteData<ConversationPage, string | undefined>;

/** Puts a conversation at the top of the history (new, or just active), once. */
export function putConversationFirst(queryClient: QueryClient, conversation: ConversationSummary): void {
  queryClient.setQueryData<ConversationPages>(assistantKeys.conversations(), (old) => {
    if (!old) return old;
    const pages = old.pages.map((page) => ({
      ...page,
      conversations: page.conversations.filter((c) => c.id !== conversation.id),
    }));
    const [first, ...rest] = pages;
    if (!first) return old;
    return { ...old, pages: [{ ...first, conversations: [conversation, ...first.conversations] }, ...rest] };
  });
}

/** Takes a deleted conversation out of the history and forgets its messages. */
export function removeConversation(queryClient: QueryClient, conversationId: string): void {
  queryClient.setQueryData<ConversationPages>(assistantKeys.conversations(), (old) =>
    old
      ? {
          ...old,
          pages: old.pages.map((page) => ({
            ...page,
            conversations: page.conversations.filter((c) => c.id !== conversationId),
          })),
        }
      : old,
  );
  queryClient.removeQueries({ queryKey: assistantKeys.conversation(conversationId) });
}
