// The assistant's model through the real AI SDK against a local server speaking Gemini's and
// OpenAI's wire protocols. Besides checking the wiring (key header, model, prompt), these tests
// pin down how the SDK reports each provider failure, which the assistant service relies on:
//   - HTTP error before the answer: one `error` part (APICallError with statusCode), no text,
//     fullStream ends without throwing; `result.text` rejects with NoOutputGeneratedError;
//   - malformed event after some text: the text, then an `error` part (JSONParseError), then
//     `finish`; `result.text` resolves to the text before it;
//   - in-stream error event: the text, then an `error` part, then `finish` with reason "error";
//   - connection cut: the text, then fullStream *throws* (APICallError, statusCode 200) and
//     onError is not called;
//   - timeout (abortSignal): the text so far, then an `abort` part; nothing thrown, onAbort called.
import {
  APICallError,
  generateText,
  JSONParseError,
  NoOutputGeneratedError,
  streamText,
  type TextStreamPart,
  type ToolSet,
} from 'ai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import {
  type FakeAiProvider,
  type FakeAiScript,
  type FakeAiServer,
  fakeAiEnv,
  startFakeAiServer,
} from '#server/test/fake-ai-server.ts';
import { type AssistantModel, createAssistantModel } from './language-model.ts';

const PROVIDERS: FakeAiProvider[] = ['gemini', 'openai'];
const SYSTEM = 'You are MoejrAI. Answer only from the passages.';
const PROMPT = 'What does Meditations say about anger?';

let fake: FakeAiServer;
beforeAll(async () => {
  fake = await startFakeAiServer();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

function modelFor(provider: FakeAiProvider, env: Record<string, string> = {}): AssistantModel {
  const config = loadConfig(fakeAiEnv(fake, provider, env));
  const assistant = createAssistantModel(config.assistant.ai);
  if (!assistant) throw new Error('expected a model');
  return assistant;
}

interface Outcome {
  parts: TextStreamPart<ToolSet>[];
  texts: string[];
  /** The `error` parts' errors, in order. */
  errors: unknown[];
  /** What onError received. */
  reported: unknown[];
  /** What iterating fullStream threw, if it threw. */
  thrown: unknown;
  aborted: boolean;
  result: ReturnType<typeof streamText>;
}

/** Streams one answer and records everything the SDK says about it. */
async function run(
  assistant: AssistantModel,
  options: { abortSignal?: AbortSignal; script?: FakeAiScript } = {},
): Promise<Outcome> {
  if (options.script) fake.script(options.script);
  const reported: unknown[] = [];
  let aborted = false;
  const result = streamText({
    model: assistant.model,
    system: SYSTEM,
    prompt: PROMPT,
    maxRetries: 0,
    abortSignal: options.abortSignal,
    onError: ({ error }) => {
      reported.push(error);
    },
    onAbort: () => {
      aborted = true;
    },
  });
  const parts: TextStreamPart<ToolSet>[] = [];
  let thrown: unknown;
  try {
    for await (const part of result.fullStream) parts.push(part);
  } catch (error) {
    thrown = error;
  }
  const texts = parts.flatMap((part) => (part.type === 'text-delta' ? [part.text] : []));
  const errors = parts.flatMap((part) => (part.type === 'error' ? [part.error] : []));
  return { parts, texts, errors, reported, thrown, aborted, result };
}

const partTypes = (outcome: Outcome) => outcome.parts.map((part) => part.type);

/** The reason of the `finish` part, if one came. */
const finishReasonOf = (outcome: Outcome) =>
  outcome.parts.flatMap((part) => (part.type === 'finish' ? [part.finishReason] : []))[0];

/** Whether any string field of an error (message, url, bodies, cause…) contains `needle`. */
function mentions(value: unknown, needle: string, seen = new Set<unknown>()): boolean {
  if (typeof value === 'string') return value.includes(needle);
  if (!value || typeof value !== 'object' || seen.has(value)) return false;
  seen.add(value);
  const keys = new Set([...Object.getOwnPropertyNames(value), 'message', 'cause']);
  return [...keys].some((key) => mentions((value as Record<string, unknown>)[key], needle, seen));
}

describe('createAssistantModel', () => {
  it('is null in library mode and names the provider and its key as the secret otherwise', () => {
    expect(createAssistantModel(loadConfig({}).assistant.ai)).toBeNull();
    const gemini = modelFor('gemini', { AI_API_KEY: 'gemini-secret-1' });
    expect(gemini.provider).toBe('gemini');
    expect(gemini.secrets).toEqual(['gemini-secret-1']);
    const local = createAssistantModel(
      loadConfig({ AI_PROVIDER: 'openai', AI_MODEL: 'llama3', AI_BASE_URL: fake.baseUrl('openai') }).assistant
        .ai,
    );
    expect(local?.provider).toBe('openai');
    expect(local?.secrets).toEqual([]);
  });
});

describe.each(PROVIDERS)('%s through the AI SDK', (provider) => {
  const key = provider === 'gemini' ? 'AIza-test-key-0001' : 'sk-test-key-0001';
  const model = provider === 'gemini' ? 'gemini-test-flash' : 'gpt-test-mini';

  it('streams the tokens in order and completes', async () => {
    const tokens = ['Marcus ', 'Aurelius ', 'calls ', 'anger ', 'a weakness', ' — الغضب ضعف', '.'];
    const outcome = await run(modelFor(provider), { script: { kind: 'stream', tokens, delayMs: 5 } });
    expect(outcome.texts).toEqual(tokens);
    expect(outcome.errors).toEqual([]);
    expect(outcome.reported).toEqual([]);
    expect(outcome.thrown).toBeUndefined();
    expect(partTypes(outcome).at(-1)).toBe('finish');
    expect(finishReasonOf(outcome)).toBe('stop');
    expect(await outcome.result.text).toBe(tokens.join(''));
    expect(await outcome.result.finishReason).toBe('stop');
  });

  it('sends the key in its header, the model and the whole prompt', async () => {
    await run(modelFor(provider, { AI_API_KEY: key, AI_MODEL: model }), {
      script: { kind: 'stream', tokens: ['ok'] },
    });
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request?.provider).toBe(provider);
    expect(request?.apiKey).toBe(key);
    expect(request?.model).toBe(model);
    expect(request?.stream).toBe(true);
    expect(request?.promptText).toContain(SYSTEM);
    expect(request?.promptText).toContain(PROMPT);
    if (provider === 'gemini') {
      expect(request?.path).toBe(`/v1beta/models/${model}:streamGenerateContent?alt=sse`);
      expect(request?.headers['x-goog-api-key']).toBe(key);
      expect(request?.headers.authorization).toBeUndefined();
      expect(request?.body).toMatchObject({
        systemInstruction: { parts: [{ text: SYSTEM }] },
        contents: [{ role: 'user', parts: [{ text: PROMPT }] }],
      });
    } else {
      expect(request?.path).toBe('/v1/chat/completions');
      expect(request?.headers.authorization).toBe(`Bearer ${key}`);
      expect(request?.headers['x-goog-api-key']).toBeUndefined();
      expect(request?.body).toMatchObject({
        model,
        stream: true,
        messages: [
          { role: 'system', content: SYSTEM },
          { role: 'user', content: PROMPT },
        ],
      });
    }
  });

  it.each([
    { status: 500, retryable: true },
    { status: 429, retryable: true },
    { status: 401, retryable: false },
  ] as const)(
    'reports a $status from the provider as one error part and no text',
    async ({ status, retryable }) => {
      const outcome = await run(modelFor(provider), { script: { kind: 'status', status } });
      expect(outcome.thrown).toBeUndefined();
      expect(outcome.texts).toEqual([]);
      expect(partTypes(outcome)).toEqual(['start', 'error']);
      expect(outcome.errors).toHaveLength(1);
      const [error] = outcome.errors;
      expect(APICallError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ name: 'AI_APICallError', statusCode: status, isRetryable: retryable });
      // The message is the provider's own, from its error JSON.
      const body = JSON.parse((error as APICallError).responseBody ?? '{}');
      expect((error as APICallError).message).toBe(body.error.message);
      if (provider === 'gemini') expect(body.error.code).toBe(status);
      expect(outcome.reported).toEqual([error]);
      await expect(outcome.result.text).rejects.toSatisfy(NoOutputGeneratedError.isInstance);
    },
  );

  it('reports a wrong key as the provider does, and the key stays out of the error', async () => {
    const strict = await startFakeAiServer({ apiKey: 'the-right-key' });
    try {
      const wrongKey = `${provider}-wrong-key-9f8e7d6c`;
      const config = loadConfig(fakeAiEnv(strict, provider, { AI_API_KEY: wrongKey }));
      const assistant = createAssistantModel(config.assistant.ai);
      if (!assistant) throw new Error('expected a model');
      const outcome = await run(assistant);
      expect(strict.requests[0]?.apiKey).toBe(wrongKey);
      expect(outcome.texts).toEqual([]);
      const [error] = outcome.errors;
      // Gemini answers a bad key with 400 INVALID_ARGUMENT (API_KEY_INVALID), OpenAI with 401.
      expect(error).toMatchObject(
        provider === 'gemini'
          ? {
              statusCode: 400,
              isRetryable: false,
              message: 'API key not valid. Please pass a valid API key.',
            }
          : { statusCode: 401, isRetryable: false },
      );
      for (const secret of assistant.secrets) expect(mentions(error, secret)).toBe(false);
      // …but the error carries the prompt it was sent with: log its status, not the error itself.
      expect((error as APICallError).requestBodyValues).toBeDefined();
      expect(mentions(error, PROMPT)).toBe(true);
    } finally {
      await strict.close();
    }
  });

  it('reports a malformed event after the good tokens, keeping them', async () => {
    const outcome = await run(modelFor(provider), {
      script: { kind: 'malformed', tokens: ['Good ', 'start'] },
    });
    expect(outcome.thrown).toBeUndefined();
    expect(outcome.texts).toEqual(['Good ', 'start']);
    const types = partTypes(outcome);
    expect(types.indexOf('error')).toBeGreaterThan(types.lastIndexOf('text-delta'));
    expect(outcome.errors).toHaveLength(1);
    expect(JSONParseError.isInstance(outcome.errors[0])).toBe(true);
    expect(outcome.reported).toEqual(outcome.errors);
    expect(types.at(-1)).toBe('finish');
    // Gemini's finish reason stays "other" (it never saw one); OpenAI-compatible marks "error".
    expect(finishReasonOf(outcome)).toBe(provider === 'gemini' ? 'other' : 'error');
    expect(await outcome.result.text).toBe('Good start');
  });

  it("reports the provider's own error event in mid-stream after the good tokens", async () => {
    const outcome = await run(modelFor(provider), {
      script: { kind: 'stream-error', tokens: ['Half ', 'an answer'], status: 503 },
    });
    expect(outcome.thrown).toBeUndefined();
    expect(outcome.texts).toEqual(['Half ', 'an answer']);
    expect(outcome.errors).toHaveLength(1);
    const [error] = outcome.errors;
    if (provider === 'gemini') {
      expect(APICallError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({
        statusCode: 503,
        message: 'The model is overloaded. Please try again later.',
      });
    } else {
      // The OpenAI-compatible provider hands over the event's `error` object as is: not an Error.
      expect(error).not.toBeInstanceOf(Error);
      expect(error).toMatchObject({ type: 'server_error', message: expect.stringContaining('overloaded') });
    }
    expect(outcome.reported).toEqual([error]);
    expect(finishReasonOf(outcome)).toBe('error');
    expect(await outcome.result.text).toBe('Half an answer');
  });

  it('throws from the stream when the connection is cut after some tokens', async () => {
    const outcome = await run(modelFor(provider), { script: { kind: 'cut', tokens: ['Cut ', 'short'] } });
    expect(outcome.texts).toEqual(['Cut ', 'short']);
    expect(outcome.errors).toEqual([]);
    expect(outcome.reported).toEqual([]);
    expect(APICallError.isInstance(outcome.thrown)).toBe(true);
    expect(outcome.thrown).toMatchObject({
      message: 'Failed to process successful response',
      statusCode: 200,
      isRetryable: true,
    });
    expect(partTypes(outcome)).not.toContain('finish');
    await expect(outcome.result.text).rejects.toBe(outcome.thrown);
  });

  it.each([{ before: [] as string[] }, { before: ['Waiting ', 'for '] }])(
    'stops a hung provider at the abort signal (tokens before: $before)',
    async ({ before }) => {
      const started = Date.now();
      const outcome = await run(modelFor(provider), {
        script: { kind: 'hang', tokens: before },
        abortSignal: AbortSignal.timeout(300),
      });
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(outcome.texts).toEqual(before);
      expect(outcome.thrown).toBeUndefined();
      expect(outcome.errors).toEqual([]);
      expect(outcome.reported).toEqual([]);
      expect(outcome.aborted).toBe(true);
      expect(outcome.parts.at(-1)).toMatchObject({ type: 'abort' });
      await expect(outcome.result.text).rejects.toMatchObject({ name: 'TimeoutError' });
    },
  );

  it('answers a non-streaming call too', async () => {
    fake.script({ kind: 'stream', tokens: ['Whole ', 'answer'] });
    const { text, finishReason } = await generateText({
      model: modelFor(provider).model,
      prompt: PROMPT,
      maxRetries: 0,
    });
    expect(text).toBe('Whole answer');
    expect(finishReason).toBe('stop');
    expect(fake.requests[0]?.stream).toBe(false);
  });
});

describe('openai-compatible servers without a key', () => {
  it('send no Authorization header', async () => {
    const assistant = createAssistantModel(
      loadConfig({ AI_PROVIDER: 'openai', AI_MODEL: 'llama3', AI_BASE_URL: fake.baseUrl('openai') }).assistant
        .ai,
    );
    if (!assistant) throw new Error('expected a model');
    const outcome = await run(assistant, { script: { kind: 'stream', tokens: ['local'] } });
    expect(outcome.texts).toEqual(['local']);
    expect(fake.requests[0]?.headers.authorization).toBeUndefined();
    expect(fake.requests[0]?.model).toBe('llama3');
  });
});
