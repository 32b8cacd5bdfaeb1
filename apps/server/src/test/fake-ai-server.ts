// A small HTTP server that speaks the two wire protocols MoejrAI's providers use, for tests driven
// through the real AI SDK:
//   - Gemini (generativelanguage.googleapis.com/v1beta): POST /v1beta/models/{model}:streamGenerateContent?alt=sse
//     and :generateContent, key in the x-goog-api-key header (or ?key=);
//   - OpenAI chat completions (and compatible servers): POST /v1/chat/completions, streaming or
//     not, key as a Bearer token.
// Each request takes the next queued script (or the default): a streamed answer, an HTTP error
// with the provider's own error JSON, a malformed stream, a hung or cut connection.
// Free of test-runner imports, so a plain Node script can start it for browser journeys.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeAiProvider = 'gemini' | 'openai';

export type FakeAiErrorStatus = 400 | 401 | 403 | 404 | 429 | 500 | 503;

export type FakeAiScript =
  /** A whole answer, one SSE event per token (one JSON body when the client did not ask to stream). */
  | { kind: 'stream'; tokens: string[]; delayMs?: number }
  /** An HTTP error before any answer, with the provider's error JSON (or `body`, sent as given). */
  | {
      kind: 'status';
      status: FakeAiErrorStatus;
      message?: string;
      body?: unknown;
      headers?: Record<string, string>;
    }
  /** `tokens` as good events, then a data line that is not JSON, then the response ends. */
  | { kind: 'malformed'; tokens?: string[] }
  /** Headers (and `tokens`, if any) sent, then nothing until the client gives up. */
  | { kind: 'hang'; tokens?: string[] }
  /** `tokens` as good events, then the socket is destroyed mid-response. */
  | { kind: 'cut'; tokens: string[] }
  /** `tokens` as good events, then the provider's own in-stream error event, then the end. */
  | { kind: 'stream-error'; tokens: string[]; status: FakeAiErrorStatus; message?: string };

export interface FakeAiRequest {
  provider: FakeAiProvider;
  method: string;
  /** Path and query, e.g. /v1beta/models/gemini-x:streamGenerateContent?alt=sse */
  path: string;
  headers: IncomingMessage['headers'];
  /** The JSON body as parsed; undefined when it was not JSON. */
  body: unknown;
  /** The model named in the path (Gemini) or the body (OpenAI). */
  model: string | null;
  /** The key as sent: x-goog-api-key or ?key= (Gemini), the Bearer token (OpenAI); null if none. */
  apiKey: string | null;
  stream: boolean;
  /** Every text of the prompt (system instruction and messages), joined by blank lines. */
  promptText: string;
}

/** A script, or a function choosing one from the request (e.g. to echo what the prompt held). */
export type FakeAiScriptSource = FakeAiScript | ((request: FakeAiRequest) => FakeAiScript);

export interface FakeAiServerOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  /** Answer to requests when no script is queued; a short streamed answer by default. */
  defaultScript?: FakeAiScriptSource;
  /** When set, a request with another key (or none) gets the provider's own bad-key error. */
  apiKey?: string;
}

export interface FakeAiServer {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** The AI_BASE_URL to configure: <origin>/v1beta for Gemini, <origin>/v1 for OpenAI. */
  baseUrl(provider: FakeAiProvider): string;
  /** Queues scripts; each model request takes the next one, then the default. */
  script(...scripts: FakeAiScriptSource[]): void;
  setDefault(script: FakeAiScriptSource): void;
  /** Every model request, in order (unknown paths included). */
  requests: FakeAiRequest[];
  /** Empties the queue and the request log, and restores the starting default. */
  reset(): void;
  close(): Promise<void>;
}

export const FAKE_AI_DEFAULT_TOKENS = ['This ', 'is ', 'the ', 'fake ', 'model ', 'speaking.'];

const BASE_PATH: Record<FakeAiProvider, string> = { gemini: '/v1beta', openai: '/v1' };

const GEMINI_STATUS: Record<FakeAiErrorStatus, { status: string; message: string }> = {
  400: { status: 'INVALID_ARGUMENT', message: 'Request contains an invalid argument.' },
  401: {
    status: 'UNAUTHENTICATED',
    message:
      'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
  },
  403: { status: 'PERMISSION_DENIED', message: "Method doesn't allow unregistered callers." },
  404: { status: 'NOT_FOUND', message: 'models/unknown is not found for API version v1beta.' },
  429: {
    status: 'RESOURCE_EXHAUSTED',
    message: 'You exceeded your current quota, please check your plan and billing details.',
  },
  500: {
    status: 'INTERNAL',
    message:
      'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting',
  },
  503: { status: 'UNAVAILABLE', message: 'The model is overloaded. Please try again later.' },
};

const OPENAI_STATUS: Record<FakeAiErrorStatus, { type: string; code: string | null; message: string }> = {
  400: { type: 'invalid_request_error', code: null, message: 'Invalid request.' },
  401: {
    type: 'invalid_request_error',
    code: 'invalid_api_key',
    message:
      'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.',
  },
  403: {
    type: 'invalid_request_error',
    code: 'unsupported_country_region_territory',
    message: 'Country, region, or territory not supported',
  },
  404: {
    type: 'invalid_request_error',
    code: 'model_not_found',
    message: 'The model does not exist or you do not have access to it.',
  },
  429: {
    type: 'requests',
    code: 'rate_limit_exceeded',
    message: 'Rate limit reached for requests. Please try again in 20s.',
  },
  500: {
    type: 'server_error',
    code: null,
    message: 'The server had an error while processing your request. Sorry about that!',
  },
  503: {
    type: 'server_error',
    code: null,
    message: 'The engine is currently overloaded, please try again later',
  },
};

/** OpenAI's masking of a wrong key in its 401 message: the start and the last four characters. */
function maskKey(key: string): string {
  if (key.length <= 8) return '*'.repeat(key.length);
  return `${key.slice(0, 3)}${'*'.repeat(key.length - 7)}${key.slice(-4)}`;
}

function errorBody(provider: FakeAiProvider, status: FakeAiErrorStatus, message?: string): unknown {
  if (provider === 'gemini') {
    const known = GEMINI_STATUS[status];
    return { error: { code: status, message: message ?? known.message, status: known.status } };
  }
  const known = OPENAI_STATUS[status];
  return { error: { message: message ?? known.message, type: known.type, param: null, code: known.code } };
}

/** What each provider answers to a missing or wrong key (Gemini: 400 API_KEY_INVALID; OpenAI: 401). */
function badKeyError(provider: FakeAiProvider, sent: string | null): { status: number; body: unknown } {
  if (provider === 'gemini') {
    return {
      status: sent ? 400 : 403,
      body: sent
        ? {
            error: {
              code: 400,
              message: 'API key not valid. Please pass a valid API key.',
              status: 'INVALID_ARGUMENT',
              details: [
                {
                  '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
                  reason: 'API_KEY_INVALID',
                  domain: 'googleapis.com',
                  metadata: { service: 'generativelanguage.googleapis.com' },
                },
              ],
            },
          }
        : {
            error: {
              code: 403,
              message:
                "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
              status: 'PERMISSION_DENIED',
            },
          },
    };
  }
  return {
    status: 401,
    body: {
      error: {
        message: sent
          ? `Incorrect API key provided: ${maskKey(sent)}. You can find your API key at https://platform.openai.com/account/api-keys.`
          : "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
        type: 'invalid_request_error',
        param: null,
        code: sent ? 'invalid_api_key' : null,
      },
    },
  };
}

/** The texts of a Gemini or OpenAI request body, in order. */
function promptTexts(provider: FakeAiProvider, body: unknown): string[] {
  const texts: string[] = [];
  const partsText = (parts: unknown) => {
    if (!Array.isArray(parts)) return;
    for (const part of parts) {
      if (part && typeof part === 'object' && typeof (part as { text?: unknown }).text === 'string') {
        texts.push((part as { text: string }).text);
      }
    }
  };
  if (!body || typeof body !== 'object') return texts;
  if (provider === 'gemini') {
    const { systemInstruction, contents } = body as {
      systemInstruction?: { parts?: unknown };
      contents?: unknown;
    };
    partsText(systemInstruction?.parts);
    if (Array.isArray(contents)) for (const content of contents) partsText(content?.parts);
    return texts;
  }
  const { messages } = body as { messages?: unknown };
  if (Array.isArray(messages)) {
    for (const message of messages) {
      const content = message?.content;
      if (typeof content === 'string') texts.push(content);
      else partsText(content);
    }
  }
  return texts;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
  res.end(text);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Builds each provider's stream events and whole-answer bodies for one request. */
function wire(provider: FakeAiProvider, request: FakeAiRequest) {
  const id = `fake-${Math.random().toString(36).slice(2, 12)}`;
  const created = Math.floor(Date.now() / 1000);
  const model = request.model ?? 'fake-model';
  const promptTokens = Math.max(1, Math.ceil(request.promptText.length / 4));
  const includeUsage =
    (request.body as { stream_options?: { include_usage?: boolean } } | undefined)?.stream_options
      ?.include_usage === true;

  const geminiUsage = (candidates: number) => ({
    promptTokenCount: promptTokens,
    candidatesTokenCount: candidates,
    totalTokenCount: promptTokens + candidates,
  });
  const openaiUsage = (completion: number) => ({
    prompt_tokens: promptTokens,
    completion_tokens: completion,
    total_tokens: promptTokens + completion,
  });
  const openaiChunk = (delta: Record<string, unknown>, finishReason: string | null) => ({
    id,
    object: 'chat.completion.chunk',
    created,
    model,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
  });

  return {
    /** The event for token `index` of `count` (Gemini's last one carries finishReason and usage). */
    tokenEvent(text: string, index: number, count: number, final: boolean): unknown {
      if (provider === 'gemini') {
        return {
          candidates: [
            {
              content: { parts: [{ text }], role: 'model' },
              ...(final ? { finishReason: 'STOP' } : {}),
              index: 0,
            },
          ],
          usageMetadata: final
            ? geminiUsage(count)
            : { promptTokenCount: promptTokens, totalTokenCount: promptTokens },
          modelVersion: model,
          responseId: id,
        };
      }
      return openaiChunk(index === 0 ? { role: 'assistant', content: text } : { content: text }, null);
    },
    /** Events after the last token: OpenAI's finish chunk, usage chunk (when asked for) and [DONE]. */
    closingEvents(count: number): string[] {
      if (provider === 'gemini') return [];
      const events = [JSON.stringify(openaiChunk({}, 'stop'))];
      if (includeUsage) {
        events.push(
          JSON.stringify({
            id,
            object: 'chat.completion.chunk',
            created,
            model,
            choices: [],
            usage: openaiUsage(count),
          }),
        );
      }
      events.push('[DONE]');
      return events;
    },
    /** The provider's in-stream error event (both send one as a data line). */
    errorEvent(status: FakeAiErrorStatus, message?: string): unknown {
      return errorBody(provider, status, message);
    },
    /** The non-streaming answer. */
    whole(tokens: string[]): unknown {
      const text = tokens.join('');
      if (provider === 'gemini') {
        return {
          candidates: [{ content: { parts: [{ text }], role: 'model' }, finishReason: 'STOP', index: 0 }],
          usageMetadata: geminiUsage(tokens.length),
          modelVersion: model,
          responseId: id,
        };
      }
      return {
        id,
        object: 'chat.completion',
        created,
        model,
        choices: [
          { index: 0, message: { role: 'assistant', content: text }, logprobs: null, finish_reason: 'stop' },
        ],
        usage: openaiUsage(tokens.length),
      };
    },
  };
}

/** Gemini and OpenAI both end SSE events with a blank line; Gemini's lines end in \r\n. */
function sseLine(provider: FakeAiProvider, data: unknown): string {
  const text = typeof data === 'string' ? data : JSON.stringify(data);
  return provider === 'gemini' ? `data: ${text}\r\n\r\n` : `data: ${text}\n\n`;
}

function routeOf(
  method: string,
  pathname: string,
): { provider: FakeAiProvider; model: string | null; stream: boolean | null } | null {
  if (method !== 'POST') return null;
  const gemini = /^\/v1beta\/models\/([^/:]+):(streamGenerateContent|generateContent)$/.exec(pathname);
  if (gemini) {
    return {
      provider: 'gemini',
      model: decodeURIComponent(gemini[1] as string),
      stream: gemini[2] === 'streamGenerateContent',
    };
  }
  if (pathname === '/v1/chat/completions') return { provider: 'openai', model: null, stream: null };
  return null;
}

export async function startFakeAiServer(options: FakeAiServerOptions = {}): Promise<FakeAiServer> {
  const startingDefault: FakeAiScriptSource = options.defaultScript ?? {
    kind: 'stream',
    tokens: FAKE_AI_DEFAULT_TOKENS,
  };
  let defaultScript = startingDefault;
  const queue: FakeAiScriptSource[] = [];
  const requests: FakeAiRequest[] = [];

  async function respond(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const raw = await readBody(req);
    let body: unknown;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      body = undefined;
    }
    const route = routeOf(req.method ?? 'GET', url.pathname);
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end(`No fake AI route for ${req.method} ${url.pathname}`);
      return;
    }
    const { provider } = route;
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    const headerKey = req.headers['x-goog-api-key'];
    const apiKey =
      provider === 'gemini'
        ? ((typeof headerKey === 'string' ? headerKey : null) ?? url.searchParams.get('key'))
        : (bearer?.[1] ?? null);
    const model =
      route.model ??
      (body && typeof body === 'object' && typeof (body as { model?: unknown }).model === 'string'
        ? (body as { model: string }).model
        : null);
    const stream =
      route.stream ??
      Boolean(body && typeof body === 'object' && (body as { stream?: unknown }).stream === true);
    const request: FakeAiRequest = {
      provider,
      method: req.method ?? 'POST',
      path: `${url.pathname}${url.search}`,
      headers: req.headers,
      body,
      model,
      apiKey,
      stream,
      promptText: promptTexts(provider, body).join('\n\n'),
    };
    requests.push(request);

    if (body === undefined) {
      sendJson(res, 400, errorBody(provider, 400, 'Invalid JSON payload received.'));
      return;
    }
    if (options.apiKey !== undefined && apiKey !== options.apiKey) {
      const { status, body: errorJson } = badKeyError(provider, apiKey);
      sendJson(res, status, errorJson);
      return;
    }

    const source = queue.shift() ?? defaultScript;
    const script = typeof source === 'function' ? source(request) : source;
    const w = wire(provider, request);

    if (script.kind === 'status') {
      sendJson(
        res,
        script.status,
        script.body ?? errorBody(provider, script.status, script.message),
        script.headers,
      );
      return;
    }

    let closed = false;
    res.on('close', () => {
      closed = true;
    });

    if (!stream) {
      if (script.kind === 'stream') {
        if (script.delayMs) await sleep(script.delayMs * script.tokens.length);
        if (!closed) sendJson(res, 200, w.whole(script.tokens));
      } else if (script.kind === 'stream-error') {
        sendJson(res, script.status, errorBody(provider, script.status, script.message));
      } else if (script.kind === 'malformed') {
        sendJson(res, 200, '{"candidates": [{"content": {"parts": [{"te');
      } else if (script.kind === 'cut') {
        res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
        res.write('{"candidates": [');
        res.flushHeaders();
        setTimeout(() => res.destroy(), 20);
      } else {
        res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
        res.flushHeaders();
      }
      return;
    }

    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    res.flushHeaders();
    const send = (data: unknown) => {
      if (!closed) res.write(sseLine(provider, data));
    };

    const tokens = script.tokens ?? [];
    const completes = script.kind === 'stream';
    for (const [index, token] of tokens.entries()) {
      if (closed) return;
      if (index > 0 && script.kind === 'stream' && script.delayMs) await sleep(script.delayMs);
      send(w.tokenEvent(token, index, tokens.length, completes && index === tokens.length - 1));
    }
    switch (script.kind) {
      case 'stream':
        if (tokens.length === 0) send(w.tokenEvent('', 0, 0, true));
        for (const event of w.closingEvents(tokens.length)) send(event);
        res.end();
        return;
      case 'stream-error':
        send(w.errorEvent(script.status, script.message));
        res.end();
        return;
      case 'malformed':
        if (!closed) res.write(`data: {"candidates": [{"content": {"parts": [{"text": "unterminated\n\n`);
        res.end();
        return;
      case 'cut':
        // Let the good events reach the client before the connection drops.
        await sleep(20);
        res.destroy();
        return;
      case 'hang':
        return;
    }
  }

  const server = createServer((req, res) => {
    respond(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: { message: String(error) } });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const { port } = server.address() as AddressInfo;
  const origin = `http://${options.host ?? '127.0.0.1'}:${port}`;

  return {
    origin,
    baseUrl: (provider) => `${origin}${BASE_PATH[provider]}`,
    script: (...scripts) => {
      queue.push(...scripts);
    },
    setDefault: (script) => {
      defaultScript = script;
    },
    requests,
    reset: () => {
      queue.length = 0;
      requests.length = 0;
      defaultScript = startingDefault;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** The AI_* settings that point the app at this server. */
export function fakeAiEnv(
  fake: FakeAiServer,
  provider: FakeAiProvider,
  overrides: Record<string, string> = {},
): Record<string, string> {
  return {
    AI_PROVIDER: provider,
    AI_API_KEY: provider === 'gemini' ? 'fake-gemini-key' : 'sk-fake-openai-key',
    AI_MODEL: provider === 'gemini' ? 'gemini-fake-flash' : 'fake-gpt',
    AI_BASE_URL: fake.baseUrl(provider),
    ...overrides,
  };
}
