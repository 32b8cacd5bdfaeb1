// The chats of the assistant screen, outside React: one AI SDK Chat per conversation, created
// once and kept while the screen is open, so the route changing from /app/moejrAI to
// /app/moejrAI/:id as a new conversation gets its id never interrupts the answer streaming in.
import { Chat } from '@ai-sdk/react';
import type { Conversation, ConversationSummary, ScopedBook } from '@sahifa/contracts/assistant';
import { DefaultChatTransport } from 'ai';
import { chatRequestBody, messagesPath } from './chat-request.ts';
import { ChatRequestError, chatFetch } from './errors.ts';
import { type AssistantMessage, markIncomplete, messageText, toChatMessages } from './messages.ts';

export interface ChatSession {
  readonly chat: Chat<AssistantMessage>;
  /** null until the first question creates the conversation on the server. */
  conversationId: string | null;
  /** The book the conversation is about (`?book=` before the first question), or null. */
  bookId: string | null;
  book: ScopedBook | null;
  /** What the newest request asked for: a new question, or the last one again. */
  trigger: 'submit-message' | 'regenerate-message' | null;
  /**
   * A question the server never received (refused before answering: quota, rate limit, no
   * network): taken out of the chat and handed back to the composer.
   */
  unsent: string | null;
  onUnsent: ((text: string) => void) | null;
}

export interface ChatSessionEvents {
  /** An answer ended (finished, stopped or failed): the history and the quota changed. */
  onSettled: () => void;
}

export class ChatSessions {
  readonly #byConversation = new Map<string, ChatSession>();
  #draft: ChatSession | null = null;
  #draftVisit: string | null = null;
  #drafts = 0;
  readonly #events: ChatSessionEvents;

  constructor(events: ChatSessionEvents) {
    this.#events = events;
  }

  /** The live chat of a conversation opened or started on this screen. */
  get(conversationId: string): ChatSession | undefined {
    return this.#byConversation.get(conversationId);
  }

  /** A saved conversation, its stored messages as the chat's first messages. */
  open(conversation: Conversation): ChatSession {
    const existing = this.#byConversation.get(conversation.id);
    if (existing) return existing;
    const session = this.#create(conversation.id, toChatMessages(conversation.messages));
    session.conversationId = conversation.id;
    session.bookId = conversation.book?.id ?? null;
    session.book = conversation.book;
    this.#byConversation.set(conversation.id, session);
    return session;
  }

  /**
   * The new conversation at this visit of the address (`visit`: the router's location key): the
   * same chat for the same visit, even once it was asked and got its id (until the address
   * follows); a chat not yet asked anything also serves the next visit about the same book.
   */
  draft(bookId: string | null, visit: string): ChatSession {
    const draft = this.#draft;
    if (draft && this.#draftVisit === visit) return draft;
    if (draft && draft.conversationId === null && draft.bookId === bookId) {
      this.#draftVisit = visit;
      return draft;
    }
    this.#drafts += 1;
    const session = this.#create(`draft-${this.#drafts}`, []);
    session.bookId = bookId;
    this.#draft = session;
    this.#draftVisit = visit;
    return session;
  }

  /** The draft's conversation now exists on the server: it keeps its chat under its id. */
  adopt(session: ChatSession, conversation: ConversationSummary): void {
    session.conversationId = conversation.id;
    session.book = conversation.book;
    this.#byConversation.set(conversation.id, session);
  }

  /** A deleted (or reloaded) conversation: its chat stops and is dropped. */
  forget(conversationId: string): void {
    const session = this.#byConversation.get(conversationId);
    if (!session) return;
    this.#byConversation.delete(conversationId);
    void session.chat.stop();
  }

  /** The screen closed: no answer keeps streaming into a chat nobody sees. */
  stopAll(): void {
    for (const session of this.#byConversation.values()) void session.chat.stop();
    if (this.#draft) void this.#draft.chat.stop();
  }

  #create(id: string, messages: AssistantMessage[]): ChatSession {
    const session: ChatSession = {
      chat: undefined as unknown as Chat<AssistantMessage>,
      conversationId: null,
      bookId: null,
      book: null,
      trigger: null,
      unsent: null,
      onUnsent: null,
    };
    const transport = new DefaultChatTransport<AssistantMessage>({
      credentials: 'same-origin',
      fetch: chatFetch(),
      prepareSendMessagesRequest: ({ trigger, messages: sent }) => {
        if (!session.conversationId) throw new Error('The conversation does not exist yet.');
        session.trigger = trigger;
        return { api: messagesPath(session.conversationId), body: chatRequestBody(trigger, sent) };
      },
    });
    const chat: Chat<AssistantMessage> = new Chat<AssistantMessage>({
      id,
      messages,
      transport,
      onError: (error) => {
        // Refused before any answer (a JSON error, or no response at all): the server did not
        // keep the question, so it goes back to the composer rather than waiting for a retry.
        const last = chat.messages.at(-1);
        const refused = error instanceof ChatRequestError || error instanceof TypeError;
        if (refused && session.trigger === 'submit-message' && last?.role === 'user') {
          chat.messages = chat.messages.slice(0, -1);
          session.unsent = messageText(last);
          session.onUnsent?.(session.unsent);
        }
      },
      onFinish: ({ message, isAbort, isError, isDisconnect }) => {
        // Stopped or broken: the server kept what arrived as incomplete, and so does the screen.
        if ((isAbort || isError || isDisconnect) && message.role === 'assistant') {
          chat.messages = markIncomplete(chat.messages, message.id);
        }
        this.#events.onSettled();
      },
    });
    (session as { chat: Chat<AssistantMessage> }).chat = chat;
    return session;
  }
}
