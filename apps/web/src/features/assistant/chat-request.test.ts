import { describe, expect, it } from 'vitest';
import { chatRequestBody, messagesPath } from './chat-request.ts';
import type { AssistantMessage } from './messages.ts';

const question = (id: string, text: string): AssistantMessage => ({
  id,
  role: 'user',
  parts: [{ type: 'text', text }],
});
const answer: AssistantMessage = {
  id: 'a1',
  role: 'assistant',
  parts: [{ type: 'text', text: 'An answer' }],
};

describe('what the chat sends', () => {
  it('only the new question: the server keeps the conversation', () => {
    expect(
      chatRequestBody('submit-message', [question('q1', 'First?'), answer, question('q2', '  Next? ')]),
    ).toEqual({
      text: 'Next?',
    });
  });

  it('a retry of the last question', () => {
    expect(chatRequestBody('regenerate-message', [question('q1', 'First?')])).toEqual({ retry: true });
  });

  it('nothing when there is no question last', () => {
    expect(() => chatRequestBody('submit-message', [question('q1', 'First?'), answer])).toThrow();
  });

  it('to the conversation’s messages', () => {
    expect(messagesPath('c 1')).toBe('/api/v1/assistant/conversations/c%201/messages');
  });
});
