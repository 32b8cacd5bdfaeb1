// What the chat sends: the server keeps the conversation, so a request carries only the new
// question (`{ text }`), or `{ retry: true }` to answer the last question again.
import type { ChatBody } from '@sahifa/contracts/assistant';
import { type AssistantMessage, messageText } from './messages.ts';

export function messagesPath(conversationId: string): string {
  return `/api/v1/assistant/conversations/${encodeURIComponent(conversationId)}/messages`;
}

export function chatRequestBody(
  trigger: 'submit-message' | 'regenerate-message',
  messages: readonly AssistantMessage[],
): ChatBody {
  if (trigger === 'regenerate-message') return { retry: true };
  const last = messages.at(-1);
  if (last?.role !== 'user') throw new Error('There is no question to send.');
  return { text: messageText(last).trim() };
}
