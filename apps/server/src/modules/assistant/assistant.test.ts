// MoejrAI's API in library mode (no model configured, the default): conversations are private,
// questions are validated and counted, answers are the library's own passages, cited.
import {
  ASSISTANT_LIMITS,
  assistantHomeSchema,
  conversationPageSchema,
  conversationSchema,
  conversationSummarySchema,
} from '@sahifa/contracts/assistant';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLibrary } from '#server/seed/seed.ts';
import { call, signUpMember, type TestMember } from '#server/test/library-helpers.ts';
import { createTestApp, engines, type TestApp } from '#server/test/test-app.ts';
import { readAnswer } from '#server/test/ui-stream.ts';

const DAILY = 8;

describe.each(engines)('MoejrAI in library mode on %s', (engine) => {
  let t: TestApp;
  let alice: TestMember;
  let bob: TestMember;

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { AI_DAILY_MESSAGES: String(DAILY) } });
    await seedLibrary(t.db, { dataDir: t.dataDir });
    alice = await signUpMember(t.app, 'Alice');
    bob = await signUpMember(t.app, 'Bob');
  });
  afterAll(async () => {
    await t?.close();
  });

  const messageCount = async () =>
    Number(
      (
        await t.db
          .selectFrom('assistant_message')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  async function startConversation(member: TestMember, bookId?: string) {
    const res = await call(
      t.app,
      member,
      'POST',
      '/api/v1/assistant/conversations',
      bookId ? { bookId } : {},
    );
    expect(res.statusCode, res.body).toBe(201);
    return conversationSummarySchema.parse(res.json());
  }
  const ask = (member: TestMember, conversationId: string, body: unknown) =>
    call(t.app, member, 'POST', `/api/v1/assistant/conversations/${conversationId}/messages`, body);
  /** Asks and reads the streamed answer (the request must be taken). */
  async function answerTo(member: TestMember, conversationId: string, text: string) {
    const res = await ask(member, conversationId, { text });
    expect(res.statusCode, res.body).toBe(200);
    return readAnswer(res.body);
  }

  it('refuses every endpoint when signed out', async () => {
    const requests: [Parameters<typeof call>[2], string, unknown?][] = [
      ['GET', '/api/v1/assistant'],
      ['GET', '/api/v1/assistant/conversations'],
      ['POST', '/api/v1/assistant/conversations', {}],
      ['GET', '/api/v1/assistant/conversations/some-id'],
      ['DELETE', '/api/v1/assistant/conversations/some-id'],
      ['POST', '/api/v1/assistant/conversations/some-id/messages', { text: 'Hello' }],
    ];
    for (const [method, url, payload] of requests) {
      const res = await call(t.app, null, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().error.message).toBe('No authenticated user');
    }
  });

  it('answers with cited passages from the library, streamed, and keeps the conversation', async () => {
    const conversation = await startConversation(alice);
    const question = 'Three ideas from The Art of War';
    const res = await ask(alice, conversation.id, { text: question });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    expect(res.headers['x-vercel-ai-ui-message-stream']).toBe('v1');

    const answer = readAnswer(res.body);
    expect(answer.metadata).toEqual({ mode: 'library', status: 'complete' });
    expect(answer.errorText).toBeNull();
    expect(answer.citations.length).toBeGreaterThan(0);
    expect(answer.citations.every((c) => c.bookId === 'art-of-war' && c.lang === 'en')).toBe(true);
    for (const citation of answer.citations) expect(answer.text).toContain(`[P${citation.ref}]`);

    // Reloading shows the same conversation: the question, then the answer with its citations.
    const stored = conversationSchema.parse(
      (await call(t.app, alice, 'GET', `/api/v1/assistant/conversations/${conversation.id}`)).json(),
    );
    expect(stored.title).toBe(question);
    expect(stored.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(stored.messages[0]?.text).toBe(question);
    const reply = stored.messages[1];
    expect(reply?.role === 'assistant' && reply.text).toBe(answer.text);
    expect(reply?.role === 'assistant' && reply.citations).toEqual(answer.citations);
  });

  it('answers an Arabic question from Arabic pages', async () => {
    const conversation = await startConversation(alice);
    const answer = await answerTo(alice, conversation.id, 'ما الخداع في فن الحرب؟');
    expect(answer.citations.length).toBeGreaterThan(0);
    expect(answer.citations.every((c) => c.lang === 'ar')).toBe(true);
    expect(answer.text).toMatch(/[\u0600-\u06ff]/);
  });

  it('says plainly when the library does not cover a question, citing nothing', async () => {
    const conversation = await startConversation(alice);
    for (const question of ['Quantum chromodynamics?', 'How do I fix my car engine?']) {
      const answer = await answerTo(alice, conversation.id, question);
      expect(answer.citations, question).toEqual([]);
      expect(answer.text, question).toMatch(/does not cover/i);
    }
  });

  it('keeps a conversation about one book inside that book', async () => {
    const conversation = await startConversation(alice, 'meditations');
    expect(conversation.book).toMatchObject({ id: 'meditations', title: 'Meditations' });
    const answer = readAnswer(
      (await ask(alice, conversation.id, { text: 'What does it say about war?' })).body,
    );
    expect(answer.citations.length).toBeGreaterThan(0);
    expect(answer.citations.every((c) => c.bookId === 'meditations')).toBe(true);

    const missing = await call(t.app, alice, 'POST', '/api/v1/assistant/conversations', {
      bookId: 'no-such-book',
    });
    expect(missing.statusCode).toBe(404);
  });

  it("keeps each member's conversations private", async () => {
    const mine = await startConversation(alice);
    await ask(alice, mine.id, { text: 'Walden and simplicity' });
    const before = await messageCount();

    for (const [method, url, payload] of [
      ['GET', `/api/v1/assistant/conversations/${mine.id}`],
      ['DELETE', `/api/v1/assistant/conversations/${mine.id}`],
      ['POST', `/api/v1/assistant/conversations/${mine.id}/messages`, { text: 'Tell me more' }],
      ['POST', `/api/v1/assistant/conversations/${mine.id}/messages`, { retry: true }],
    ] as const) {
      const res = await call(t.app, bob, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const bobs = conversationPageSchema.parse(
      (await call(t.app, bob, 'GET', '/api/v1/assistant/conversations')).json(),
    );
    expect(bobs.conversations.map((c) => c.id)).not.toContain(mine.id);
    expect(await messageCount()).toBe(before);
    expect((await call(t.app, alice, 'GET', `/api/v1/assistant/conversations/${mine.id}`)).statusCode).toBe(
      200,
    );
  });

  it('lists conversations most recently active first, and deletes them', async () => {
    const carol = await signUpMember(t.app, 'Carol');
    const first = await startConversation(carol);
    const second = await startConversation(carol);
    const unused = await startConversation(carol);
    await ask(carol, second.id, { text: 'Walden in winter' });
    await ask(carol, first.id, { text: 'Stoic ideas in Meditations' });
    const page = conversationPageSchema.parse(
      (await call(t.app, carol, 'GET', '/api/v1/assistant/conversations')).json(),
    );
    // A conversation nothing was asked in is not history.
    expect(page.conversations.map((c) => c.id)).toEqual([first.id, second.id]);
    expect(page.conversations.map((c) => c.id)).not.toContain(unused.id);
    expect(page.conversations[0]?.title).toBe('Stoic ideas in Meditations');

    expect(
      (await call(t.app, carol, 'DELETE', `/api/v1/assistant/conversations/${first.id}`)).statusCode,
    ).toBe(204);
    expect((await call(t.app, carol, 'GET', `/api/v1/assistant/conversations/${first.id}`)).statusCode).toBe(
      404,
    );
    const after = conversationPageSchema.parse(
      (await call(t.app, carol, 'GET', '/api/v1/assistant/conversations')).json(),
    );
    expect(after.conversations.map((c) => c.id)).toEqual([second.id]);
  });

  it('refuses empty, blank and too long questions, storing nothing', async () => {
    const conversation = await startConversation(bob);
    const before = await messageCount();
    for (const body of [
      { text: '' },
      { text: ' \n\u200b ' },
      { text: 'x'.repeat(ASSISTANT_LIMITS.message + 1) },
      {},
      { text: 'hi', retry: true },
    ]) {
      const res = await ask(bob, conversation.id, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
    expect(await messageCount()).toBe(before);
    const home = assistantHomeSchema.parse((await call(t.app, bob, 'GET', '/api/v1/assistant')).json());
    expect(home.quota.used).toBe(0);
    // A question of exactly the limit is fine.
    expect((await ask(bob, conversation.id, { text: 'y'.repeat(ASSISTANT_LIMITS.message) })).statusCode).toBe(
      200,
    );
  });

  it('has nothing to retry after a complete answer', async () => {
    const conversation = await startConversation(bob);
    await ask(bob, conversation.id, { text: 'Ibn Battuta travels' });
    const res = await ask(bob, conversation.id, { retry: true });
    expect(res.statusCode).toBe(409);
  });

  it('counts questions per day and answers 429 with the reset time once the quota is used', async () => {
    const dave = await signUpMember(t.app, 'Dave');
    const conversation = await startConversation(dave);
    for (let i = 0; i < DAILY; i++) {
      expect((await ask(dave, conversation.id, { text: `Walden question ${i}` })).statusCode).toBe(200);
    }
    const before = await messageCount();
    const refused = await ask(dave, conversation.id, { text: 'One more about Walden' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('ASSISTANT_QUOTA_EXCEEDED');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    expect(await messageCount()).toBe(before);

    const home = assistantHomeSchema.parse((await call(t.app, dave, 'GET', '/api/v1/assistant')).json());
    expect(home.quota).toMatchObject({ limit: DAILY, used: DAILY });
    expect(Date.parse(home.quota.resetsAt) - Date.now()).toBeLessThanOrEqual(24 * 3600 * 1000);
    // Deleting the conversation does not give questions back.
    await call(t.app, dave, 'DELETE', `/api/v1/assistant/conversations/${conversation.id}`);
    const again = await startConversation(dave);
    expect((await ask(dave, again.id, { text: 'Walden once more' })).statusCode).toBe(429);
  });

  it('suggests first questions from the reading history, then from the library', async () => {
    const erin = await signUpMember(t.app, 'Erin');
    const fresh = assistantHomeSchema.parse((await call(t.app, erin, 'GET', '/api/v1/assistant')).json());
    expect(fresh.mode).toBe('library');
    expect(fresh.suggestions.length).toBe(3);

    await call(t.app, erin, 'PUT', '/api/v1/books/walden/progress', { pageNumber: 2, lang: 'en' });
    await call(t.app, erin, 'POST', '/api/v1/books/meditations/finish');
    const home = assistantHomeSchema.parse((await call(t.app, erin, 'GET', '/api/v1/assistant')).json());
    expect(home.suggestions.slice(0, 2)).toEqual([
      expect.objectContaining({ kind: 'ideas', book: expect.objectContaining({ id: 'walden' }) }),
      expect.objectContaining({ kind: 'next', book: expect.objectContaining({ id: 'meditations' }) }),
    ]);
  });
});
