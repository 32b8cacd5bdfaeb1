// The chat's messages as useChat holds them (the AI SDK's UI messages), and the conversation as
// the server stored it: a reopened conversation becomes the chat's first messages, in the shape
// the stream gives a new answer (a text part, a `data-citations` part, metadata {mode, status}).
import type { AnswerMetadata, Citation, StoredMessage } from '@sahifa/contracts/assistant';
import type { UIMessage } from 'ai';

export type AssistantMessage = UIMessage<AnswerMetadata, { citations: Citation[] }>;

export function toChatMessage(message: StoredMessage): AssistantMessage {
  if (message.role === 'user') {
    return { id: message.id, role: 'user', parts: [{ type: 'text', text: message.text }] };
  }
  return {
    id: message.id,
    role: 'assistant',
    metadata: { mode: message.mode, status: message.status },
    parts: [
      { type: 'text', text: message.text, state: 'done' },
      ...(message.citations.length > 0 ? [{ type: 'data-citations' as const, data: message.citations }] : []),
    ],
  };
}

export function toChatMessages(messages: readonly StoredMessage[]): AssistantMessage[] {
  return messages.map(toChatMessage);
}

/** All the text of a message (an answer streams as one text part; joined in case of more). */
export function messageText(message: AssistantMessage): string {
  return message.parts
    .filter((part) => part.type === 'text')
    .map((part) => part.text)
    .join('');
}

/** The passages an answer cites, each once, in the order of their numbers. */
export function messageCitations(message: AssistantMessage): Citation[] {
  const byRef = new Map<number, Citation>();
  for (const part of message.parts) {
    if (part.type === 'data-citations') for (const citation of part.data) byRef.set(citation.ref, citation);
  }
  return [...byRef.values()].sort((a, b) => a.ref - b.ref);
}

/** The answer marked cut short: the member pressed Stop, or the stream broke. */
export function markIncomplete(messages: AssistantMessage[], messageId: string): AssistantMessage[] {
  return messages.map((message) =>
    message.id === messageId && message.role === 'assistant'
      ? {
          ...message,
          metadata: { mode: message.metadata?.mode ?? 'model', status: 'incomplete' },
        }
      : message,
  );
}

/** Answers that never got any text (a failure before the first word): nothing to keep on screen. */
export function withoutEmptyAnswers(messages: AssistantMessage[]): AssistantMessage[] {
  return messages.filter((message) => message.role !== 'assistant' || messageText(message).trim() !== '');
}

/**
 * What the end of the conversation asks of the member, once nothing is streaming:
 * - unanswered: the last question has no answer (it failed, or the page was left mid-way):
 *   the spec's failure sentence and a retry;
 * - incomplete: the last answer was cut short: say so and offer to answer again;
 * - none: nothing to do.
 */
export type ConversationEnd = 'unanswered' | 'incomplete' | 'none';

export function conversationEnd(messages: readonly AssistantMessage[]): ConversationEnd {
  const last = messages.at(-1);
  if (!last) return 'none';
  if (last.role === 'user') return 'unanswered';
  if (last.role === 'assistant') {
    if (messageText(last).trim() === '') return 'unanswered';
    if (last.metadata?.status === 'incomplete') return 'incomplete';
  }
  return 'none';
}
