// MoejrAI with a model: a local server speaking Gemini's and OpenAI's streaming APIs, driven
// through the real AI SDK. Streamed text arrives in order and is kept; the prompt holds the
// retrieved passages and only the asking member's data; failures give the spec's sentence, keep
// nothing false, log no key or question, and a retry answers the same question.
import { Writable } from 'node:stream';
import { ASSISTANT_FAILURE_MESSAGE, conversationSchema } from '@sahifa/contracts/assistant';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedLibrary } from '#server/seed/seed.ts';
import {
  type FakeAiProvider,
  type FakeAiServer,
  fakeAiEnv,
  startFakeAiServer,
} from '#server/test/fake-ai-server.ts';
import { call, signUpMember, type TestMember } from '#server/test/library-helpers.ts';
import { createTestApp, engines, type TestApp } from '#server/test/test-app.ts';
import { readAnswer } from '#server/test/ui-stream.ts';

/** The first passage id the prompt offers, so the fake "cites" what it was given. */
const firstRef = (prompt: string) => prompt.match(/\[?P(\d+)\]?/)?.[1] ?? '1';

const cases = engines.flatMap((engine) =>
  (['gemini', 'openai'] as FakeAiProvider[]).map((provider) => [engine, provider] as const),
);

describe.each(cases)('MoejrAI with a model on %s, %s', (engine, provider) => {
  let t: TestApp;
  let fake: FakeAiServer;
  let alice: TestMember;
  let bob: TestMember;
  const logLines: string[] = [];

  beforeAll(async () => {
    fake = await startFakeAiServer();
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    t = await createTestApp(engine, {
      env: fakeAiEnv(fake, provider, { AI_TIMEOUT_SECONDS: '1' }),
      build: { logger: { level: 'error', stream: logStream } },
    });
    await seedLibrary(t.db, { dataDir: t.dataDir });
    alice = await signUpMember(t.app, 'Alice');
    bob = await signUpMember(t.app, 'Bob');
    // Bob's reading and questions must never reach Alice's prompt.
    await call(t.app, bob, 'PUT', '/api/v1/books/the-prince/progress', { pageNumber: 2, lang: 'en' });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => {
    fake.reset();
    logLines.length = 0;
  });

  async function conversation(member: TestMember) {
    const res = await call(t.app, member, 'POST', '/api/v1/assistant/conversations', {});
    return res.json().id as string;
  }
  const ask = (member: TestMember, id: string, body: unknown) =>
    call(t.app, member, 'POST', `/api/v1/assistant/conversations/${id}/messages`, body);
  /** A real socket, so the member can hang up; afterAll's close stops listening. */
  let address: string | undefined;
  const listening = async () => {
    address ??= await t.app.listen({ port: 0, host: '127.0.0.1' });
    return address;
  };
  const stored = async (member: TestMember, id: string) =>
    conversationSchema.parse(
      (await call(t.app, member, 'GET', `/api/v1/assistant/conversations/${id}`)).json(),
    ).messages;

  it('streams the answer in order, cites passages, and keeps it', async () => {
    fake.script((request) => ({
      kind: 'stream',
      tokens: ['Sun Tzu ', 'says all ', 'warfare rests ', `on deception [P${firstRef(request.promptText)}].`],
    }));
    const id = await conversation(alice);
    const question = 'What does The Art of War say about deception?';
    const res = await ask(alice, id, { text: question });
    expect(res.statusCode, res.body).toBe(200);

    const answer = readAnswer(res.body);
    const deltas = answer.chunks.filter((c) => c.type === 'text-delta').map((c) => c.delta);
    expect(deltas).toEqual([
      'Sun Tzu ',
      'says all ',
      'warfare rests ',
      expect.stringMatching(/^on deception \[P\d+\]\.$/),
    ]);
    expect(answer.metadata).toEqual({ mode: 'model', status: 'complete' });
    expect(answer.errorText).toBeNull();
    expect(answer.citations).toHaveLength(1);
    expect(answer.citations[0]?.bookId).toBe('art-of-war');

    // The prompt: the rules, the retrieved passages, the question; the model and the key.
    const request = fake.requests.at(-1);
    expect(request?.model).toBe(provider === 'gemini' ? 'gemini-fake-flash' : 'fake-gpt');
    expect(request?.apiKey).toBe(provider === 'gemini' ? 'fake-gemini-key' : 'sk-fake-openai-key');
    expect(request?.promptText).toContain(question);
    expect(request?.promptText).toMatch(/deception/i);
    expect(request?.promptText).toMatch(/\[?P1\]?/);
    expect(request?.promptText).not.toContain('The Prince');

    const messages = await stored(alice, id);
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    const reply = messages[1];
    expect(reply?.role === 'assistant' && [reply.text, reply.status, reply.citations]).toEqual([
      answer.text,
      'complete',
      answer.citations,
    ]);
  });

  it('sends the conversation so far with a follow-up, and only this member’s', async () => {
    const bobs = await conversation(bob);
    fake.script({ kind: 'stream', tokens: ['Machiavelli.'] });
    await ask(bob, bobs, { text: 'Bob wonders about The Prince and fortune' });

    const id = await conversation(alice);
    fake.script({ kind: 'stream', tokens: ['Walden is about simple living.'] });
    await ask(alice, id, { text: 'What is Walden about?' });
    fake.script({ kind: 'stream', tokens: ['More.'] });
    await ask(alice, id, { text: 'Tell me more' });

    const prompt = fake.requests.at(-1)?.promptText ?? '';
    expect(prompt).toContain('What is Walden about?');
    expect(prompt).toContain('Walden is about simple living.');
    expect(prompt).toContain('Tell me more');
    expect(prompt).not.toContain('Bob wonders');
    expect(prompt).not.toContain('Machiavelli.');
  });

  for (const status of [500, 429] as const) {
    it(`provider ${status}: the spec's message, nothing false stored, and a retry answers the same question`, async () => {
      const id = await conversation(alice);
      fake.script({ kind: 'status', status }, { kind: 'status', status });
      const failed = readAnswer((await ask(alice, id, { text: 'Ideas from Meditations' })).body);
      expect(failed.errorText).toBe(ASSISTANT_FAILURE_MESSAGE);
      expect(failed.text).toBe('');
      expect((await stored(alice, id)).map((m) => m.role)).toEqual(['user']);

      const home = await call(t.app, alice, 'GET', '/api/v1/assistant');
      const used = home.json().quota.used as number;
      fake.reset(); // the SDK retries a 500 or 429 once; a script it did not use must not linger
      fake.script({ kind: 'stream', tokens: ['Marcus ', 'Aurelius.'] });
      const retry = await ask(alice, id, { retry: true });
      expect(retry.statusCode, retry.body).toBe(200);
      const retried = readAnswer(retry.body);
      expect(retried.text).toBe('Marcus Aurelius.');
      expect(fake.requests.at(-1)?.promptText).toContain('Ideas from Meditations');
      const messages = await stored(alice, id);
      expect(messages.map((m) => [m.role, m.text])).toEqual([
        ['user', 'Ideas from Meditations'],
        ['assistant', 'Marcus Aurelius.'],
      ]);
      // A retry is not a new question.
      expect((await call(t.app, alice, 'GET', '/api/v1/assistant')).json().quota.used).toBe(used);
    });
  }

  it('keeps what arrived of a broken stream, marked incomplete, and says the spec’s message', async () => {
    const id = await conversation(alice);
    fake.script({ kind: 'malformed', tokens: ['Half ', 'an answer'] });
    const answer = readAnswer((await ask(alice, id, { text: 'Walden and the pond' })).body);
    expect(answer.text).toBe('Half an answer');
    expect(answer.errorText).toBe(ASSISTANT_FAILURE_MESSAGE);
    expect(answer.metadata.status).toBe('incomplete');
    const reply = (await stored(alice, id))[1];
    expect(reply?.role === 'assistant' && [reply.text, reply.status]).toEqual([
      'Half an answer',
      'incomplete',
    ]);

    // Retrying replaces the cut answer.
    fake.script({ kind: 'stream', tokens: ['A whole answer.'] });
    await ask(alice, id, { retry: true });
    expect((await stored(alice, id)).map((m) => m.text)).toEqual(['Walden and the pond', 'A whole answer.']);
  });

  it('gives up after AI_TIMEOUT_SECONDS with the spec’s message', async () => {
    const id = await conversation(alice);
    fake.script({ kind: 'hang' });
    const answer = readAnswer((await ask(alice, id, { text: 'The Muqaddimah on cities' })).body);
    expect(answer.errorText).toBe(ASSISTANT_FAILURE_MESSAGE);
    expect((await stored(alice, id)).map((m) => m.role)).toEqual(['user']);
    expect(logLines.join('')).toContain('Timeout');
  });

  it('logs the cause of a failure without the key or the question', async () => {
    const id = await conversation(alice);
    fake.script({ kind: 'status', status: 401 }, { kind: 'status', status: 401 });
    const question = 'A private question about Enchiridion';
    readAnswer((await ask(alice, id, { text: question })).body);
    const log = logLines.join('');
    expect(log).toContain('assistant answer failed');
    expect(log).toContain(provider);
    expect(log).not.toContain(question);
    expect(log).not.toContain('Enchiridion');
    expect(log).not.toContain(provider === 'gemini' ? 'fake-gemini-key' : 'sk-fake-openai-key');
    expect(log).not.toMatch(/sk-/);
  });

  it('keeps an answer stopped before its first word as an empty, incomplete one', async () => {
    const address = await listening();
    const id = await conversation(alice);
    fake.script({ kind: 'hang' });
    const stop = new AbortController();
    const res = await fetch(`${address}/api/v1/assistant/conversations/${id}/messages`, {
      method: 'POST',
      headers: { origin: 'http://localhost:3000', cookie: alice.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Walden before dawn' }),
      signal: stop.signal,
    });
    await res.body?.getReader().read(); // the answer has started
    while (fake.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    stop.abort();

    let reply: Awaited<ReturnType<typeof stored>>[number] | undefined;
    for (let i = 0; i < 100 && !reply; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      reply = (await stored(alice, id))[1];
    }
    expect(reply?.role === 'assistant' && [reply.text, reply.status]).toEqual(['', 'incomplete']);

    // Answering again sends the question, not the empty answer.
    fake.script({ kind: 'stream', tokens: ['At dawn, the pond.'] });
    const again = readAnswer((await ask(alice, id, { retry: true })).body);
    expect(again.text).toBe('At dawn, the pond.');
    expect((await stored(alice, id)).map((m) => m.text)).toEqual([
      'Walden before dawn',
      'At dawn, the pond.',
    ]);
  });

  it('keeps the part of the answer that arrived when the member stops it', async () => {
    const address = await listening();
    const id = await conversation(alice);
    fake.script({ kind: 'stream', tokens: Array.from({ length: 40 }, (_, i) => `w${i} `), delayMs: 50 });
    const stop = new AbortController();
    const res = await fetch(`${address}/api/v1/assistant/conversations/${id}/messages`, {
      method: 'POST',
      headers: { origin: 'http://localhost:3000', cookie: alice.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Stoicism in Meditations' }),
      signal: stop.signal,
    });
    const reader = res.body?.getReader();
    let seen = '';
    while (!seen.includes('w2 ')) seen += new TextDecoder().decode((await reader?.read())?.value);
    stop.abort();

    let reply: Awaited<ReturnType<typeof stored>>[number] | undefined;
    for (let i = 0; i < 100 && !reply; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      reply = (await stored(alice, id))[1];
    }
    expect(reply?.role === 'assistant' && reply.status).toBe('incomplete');
    expect(reply?.text.startsWith('w0 w1 w2 ')).toBe(true);
    expect(reply?.text).not.toContain('w39');
    // Stopping is the member's choice, not a failure.
    expect(logLines.join('')).not.toContain('assistant answer failed');
  });
});
