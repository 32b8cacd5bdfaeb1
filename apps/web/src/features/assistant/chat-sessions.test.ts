// The chat as the screen drives it, with the real AI SDK Chat and transport, against answers
// built the way the server builds them (the AI SDK's UI message stream over SSE).
import {
  type AnswerMetadata,
  ASSISTANT_FAILURE_MESSAGE,
  type Citation,
  type Conversation,
  QUOTA_EXCEEDED_CODE,
} from '@sahifa/contracts/assistant';
import {
  createUIMessageStream,
  createUIMessageStreamResponse,
  type UIMessage,
  type UIMessageStreamWriter,
} from 'ai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChatSessions } from './chat-sessions.ts';
import { ChatRequestError } from './errors.ts';
import { messageCitations, messageText } from './messages.ts';

type Writer = UIMessageStreamWriter<UIMessage<AnswerMetadata, { citations: Citation[] }>>;

const citation: Citation = {
  ref: 1,
  bookId: 'meditations',
  categoryId: 'philosophy',
  title: 'Meditations',
  titleAr: 'التأملات',
  page: 4,
  lang: 'en',
};

function answerResponse(write: (writer: Writer) => void | Promise<void>): Response {
  return createUIMessageStreamResponse({
    stream: createUIMessageStream({ execute: ({ writer }) => write(writer as Writer) }),
  });
}

const libraryAnswer = (text: string) =>
  answerResponse((writer) => {
    writer.write({
      type: 'start',
      messageId: 'a1',
      messageMetadata: { mode: 'library', status: 'complete' },
    });
    writer.write({ type: 'text-start', id: 't' });
    writer.write({ type: 'text-delta', id: 't', delta: text });
    writer.write({ type: 'text-end', id: 't' });
    writer.write({ type: 'data-citations', data: [citation] });
    writer.write({ type: 'finish', messageMetadata: { mode: 'library', status: 'complete' } });
  });

function stubFetch(...responses: Array<Response | (() => Response)>) {
  const calls: Array<{ url: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(input), body: JSON.parse(String(init?.body)) });
      const next = responses.shift();
      if (!next) throw new Error('unexpected request');
      return typeof next === 'function' ? next() : next;
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

const conversation = (id: string): Conversation => ({
  id,
  title: '',
  book: null,
  createdAt: '2025-03-20T10:00:00Z',
  updatedAt: '2025-03-20T10:00:00Z',
  messages: [],
});

describe('a new conversation', () => {
  it('keeps its chat when it gets its id, sends only the question, and shows the answer with its sources', async () => {
    const onSettled = vi.fn();
    const sessions = new ChatSessions({ onSettled });
    const draft = sessions.draft('meditations', 'visit-1');
    expect(sessions.draft('meditations', 'visit-1')).toBe(draft);
    // Not asked yet: "New conversation" again keeps it.
    expect(sessions.draft('meditations', 'visit-2')).toBe(draft);

    sessions.adopt(draft, conversation('c1'));
    expect(sessions.get('c1')).toBe(draft);
    // Until the address follows, the same visit still shows it…
    expect(sessions.draft('meditations', 'visit-2')).toBe(draft);
    // …and the next new conversation is another chat.
    expect(sessions.draft('meditations', 'visit-3')).not.toBe(draft);
    expect(sessions.draft(null, 'visit-4').bookId).toBeNull();

    const calls = stubFetch(libraryAnswer('Reason rules [P1].'));
    await draft.chat.sendMessage({ text: 'What rules us?' });

    expect(calls).toEqual([
      { url: '/api/v1/assistant/conversations/c1/messages', body: { text: 'What rules us?' } },
    ]);
    const [question, answer] = draft.chat.messages;
    expect(question && messageText(question)).toBe('What rules us?');
    expect(answer?.id).toBe('a1');
    expect(answer && messageText(answer)).toBe('Reason rules [P1].');
    expect(answer?.metadata).toEqual({ mode: 'library', status: 'complete' });
    expect(answer && messageCitations(answer)).toEqual([citation]);
    expect(draft.chat.status).toBe('ready');
    expect(onSettled).toHaveBeenCalledTimes(1);
  });
});

describe('a failing answer', () => {
  it('shows the spec’s sentence, keeps what arrived as incomplete, and retries the same question', async () => {
    const sessions = new ChatSessions({ onSettled: () => {} });
    const session = sessions.open(conversation('c2'));
    const calls = stubFetch(
      answerResponse((writer) => {
        writer.write({
          type: 'start',
          messageId: 'a1',
          messageMetadata: { mode: 'model', status: 'complete' },
        });
        writer.write({ type: 'text-start', id: 't' });
        writer.write({ type: 'text-delta', id: 't', delta: 'Anger is' });
        writer.write({ type: 'text-end', id: 't' });
        writer.write({ type: 'error', errorText: ASSISTANT_FAILURE_MESSAGE });
        writer.write({ type: 'finish', messageMetadata: { mode: 'model', status: 'incomplete' } });
      }),
      libraryAnswer('Anger is brief madness [P1].'),
    );

    await session.chat.sendMessage({ text: 'What is anger?' });
    expect(session.chat.status).toBe('error');
    expect(session.chat.error?.message).toBe(ASSISTANT_FAILURE_MESSAGE);
    expect(session.chat.messages.at(-1)?.metadata?.status).toBe('incomplete');

    await session.chat.regenerate();
    expect(calls[1]).toEqual({ url: '/api/v1/assistant/conversations/c2/messages', body: { retry: true } });
    expect(session.chat.messages.map((m) => [m.role, messageText(m)])).toEqual([
      ['user', 'What is anger?'],
      ['assistant', 'Anger is brief madness [P1].'],
    ]);
  });

  it('hands a question the server refused back to the composer (the daily quota)', async () => {
    const sessions = new ChatSessions({ onSettled: () => {} });
    const session = sessions.open(conversation('c3'));
    const onUnsent = vi.fn();
    session.onUnsent = onUnsent;
    stubFetch(
      Response.json(
        { error: { code: QUOTA_EXCEEDED_CODE, message: 'You have asked MoejrAI 50 questions today.' } },
        { status: 429, headers: { 'Retry-After': '3600' } },
      ),
    );

    await session.chat.sendMessage({ text: 'One more?' });
    expect(session.chat.status).toBe('error');
    expect(session.chat.error).toBeInstanceOf(ChatRequestError);
    expect(session.chat.error).toMatchObject({ status: 429, retryAfterSeconds: 3600 });
    expect(session.chat.messages).toEqual([]);
    expect(onUnsent).toHaveBeenCalledWith('One more?');
    expect(session.unsent).toBe('One more?');
  });
});

describe('Stop', () => {
  it('ends the answer where it is and marks it incomplete', async () => {
    const sessions = new ChatSessions({ onSettled: () => {} });
    const session = sessions.open(conversation('c4'));
    let wrote!: () => void;
    const firstWords = new Promise<void>((resolve) => {
      wrote = resolve;
    });
    stubFetch(
      answerResponse(async (writer) => {
        writer.write({
          type: 'start',
          messageId: 'a1',
          messageMetadata: { mode: 'model', status: 'complete' },
        });
        writer.write({ type: 'text-start', id: 't' });
        writer.write({ type: 'text-delta', id: 't', delta: 'The first words' });
        wrote();
        await new Promise(() => {});
      }),
    );

    const sending = session.chat.sendMessage({ text: 'Tell me everything' });
    await firstWords;
    await vi.waitFor(() => expect(session.chat.messages.at(-1)?.role).toBe('assistant'));
    await session.chat.stop();
    await sending;
    const answer = session.chat.messages.at(-1);
    expect(answer && messageText(answer)).toBe('The first words');
    expect(answer?.metadata?.status).toBe('incomplete');
    expect(session.chat.status).toBe('ready');
  });
});

describe('saved conversations', () => {
  it('open once per screen, and are dropped when deleted', () => {
    const sessions = new ChatSessions({ onSettled: () => {} });
    const saved = {
      ...conversation('c5'),
      book: { id: 'meditations', categoryId: 'philosophy', title: 'Meditations', titleAr: null },
      messages: [{ id: 'q1', role: 'user' as const, text: 'Hi', createdAt: '2025-03-20T10:00:00Z' }],
    };
    const session = sessions.open(saved);
    expect(sessions.open(saved)).toBe(session);
    expect(session.conversationId).toBe('c5');
    expect(session.book?.title).toBe('Meditations');
    expect(session.chat.messages.map(messageText)).toEqual(['Hi']);
    sessions.forget('c5');
    expect(sessions.get('c5')).toBeUndefined();
  });
});
