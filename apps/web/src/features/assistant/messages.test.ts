import type { StoredMessage } from '@sahifa/contracts/assistant';
import { describe, expect, it } from 'vitest';
import {
  type AssistantMessage,
  conversationEnd,
  markIncomplete,
  messageCitations,
  messageText,
  toChatMessages,
  withoutEmptyAnswers,
} from './messages.ts';

const citation = (ref: number, page = ref) => ({
  ref,
  bookId: 'meditations',
  categoryId: 'philosophy',
  title: 'Meditations',
  titleAr: 'التأملات',
  page,
  lang: 'en' as const,
});

const stored: StoredMessage[] = [
  { id: 'q1', role: 'user', text: 'What is the inner citadel?', createdAt: '2025-03-01T10:00:00Z' },
  {
    id: 'a1',
    role: 'assistant',
    text: 'A mind at peace [P2] whatever happens [P1].',
    createdAt: '2025-03-01T10:00:02Z',
    mode: 'library',
    status: 'complete',
    citations: [citation(2, 7), citation(1, 4)],
  },
  { id: 'q2', role: 'user', text: 'And anger?', createdAt: '2025-03-01T10:01:00Z' },
  {
    id: 'a2',
    role: 'assistant',
    text: 'Anger is',
    createdAt: '2025-03-01T10:01:02Z',
    mode: 'model',
    status: 'incomplete',
    citations: [],
  },
];

describe('a stored conversation as the chat’s first messages', () => {
  const messages = toChatMessages(stored);

  it('keeps ids, roles and texts, as the stream would have given them', () => {
    expect(messages.map((m) => [m.id, m.role, messageText(m)])).toEqual([
      ['q1', 'user', 'What is the inner citadel?'],
      ['a1', 'assistant', 'A mind at peace [P2] whatever happens [P1].'],
      ['q2', 'user', 'And anger?'],
      ['a2', 'assistant', 'Anger is'],
    ]);
    expect(messages[0]?.metadata).toBeUndefined();
  });

  it('gives each answer its mode and status, and its citations as a data-citations part', () => {
    expect(messages[1]?.metadata).toEqual({ mode: 'library', status: 'complete' });
    expect(messages[1]?.parts.at(-1)).toEqual({
      type: 'data-citations',
      data: [citation(2, 7), citation(1, 4)],
    });
    expect(messages[3]?.metadata).toEqual({ mode: 'model', status: 'incomplete' });
    // No citations: no empty data part.
    expect(messages[3]?.parts.map((p) => p.type)).toEqual(['text']);
  });

  it('lists an answer’s citations once each, by number', () => {
    const answer = messages[1] as AssistantMessage;
    const twice: AssistantMessage = {
      ...answer,
      parts: [...answer.parts, { type: 'data-citations', data: [citation(1, 4)] }],
    };
    expect(messageCitations(twice).map((c) => c.ref)).toEqual([1, 2]);
  });
});

describe('the end of a conversation', () => {
  const messages = toChatMessages(stored);

  it('asks for a retry when the last question has no answer (it failed, or the page closed)', () => {
    expect(conversationEnd(messages.slice(0, 3))).toBe('unanswered');
    const emptyAnswer: AssistantMessage = {
      id: 'a3',
      role: 'assistant',
      metadata: { mode: 'model', status: 'complete' },
      parts: [],
    };
    expect(conversationEnd([...messages.slice(0, 3), emptyAnswer])).toBe('unanswered');
  });

  it('says an answer was cut short, and nothing when all is answered', () => {
    expect(conversationEnd(messages)).toBe('incomplete');
    expect(conversationEnd(messages.slice(0, 2))).toBe('none');
    expect(conversationEnd([])).toBe('none');
  });

  it('marks a stopped answer incomplete, and drops answers that never got a word', () => {
    const complete = messages.slice(0, 2);
    expect(conversationEnd(markIncomplete(complete, 'a1'))).toBe('incomplete');
    expect(markIncomplete(complete, 'q1')).toEqual(complete);
    const empty: AssistantMessage = { id: 'x', role: 'assistant', parts: [{ type: 'text', text: ' ' }] };
    expect(withoutEmptyAnswers([...complete, empty]).map((m) => m.id)).toEqual(['q1', 'a1']);
  });
});
