// Seeded fuzzing of the whole HTTP surface: every operation of the OpenAPI document and the
// better-auth endpoints, with real and junk path parameters, junk query strings and bodies (valid
// per schema, wrong types, huge, nested, invalid JSON, wrong content types, multipart junk),
// signed in and out, with and without a same-origin Origin. Whatever arrives, the server answers
// below 500, every /api/v1 error is `{ error: { code, message } }`, and it is healthy afterwards.
//
// The seed is printed; FUZZ_SEED=<seed> replays a run, FUZZ_RUNS=<n> sends more requests.
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLibrary } from '#server/seed/seed.ts';
import { getSession, newCredentials, signUp, uniqueIp } from '#server/test/auth-helpers.ts';
import { claimedSizePng, otherFormat, photo, SVG } from '#server/test/images.ts';
import {
  createTestApp,
  engines,
  FIXTURE_CONTENT_DIR,
  TEST_ORIGIN,
  type TestApp,
} from '#server/test/test-app.ts';

// A fixed seed by default, so CI sends the same requests every run; FUZZ_SEED explores others.
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 2500);
/** PostgreSQL runs are slower (a network round trip per statement); they get a share of the runs. */
const RUNS_ON = { sqlite: RUNS, postgres: Math.ceil(RUNS / 3) } as const;
const BATCH = 100;
const STRONG_PASSWORD = 'fuzzing lanterns at midnight 42';
const REPLAY = `FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} npx vitest run --project server apps/server/src/http/fuzz.test.ts`;

// ---------------------------------------------------------------------------------------------
// Values that are materialised only when a request is sent (so a sample stays small)

/** A long run of one character; JSON.stringify expands it through toJSON. */
class Huge {
  constructor(
    readonly times: number,
    readonly char: string,
  ) {}
  toJSON() {
    return this.char.repeat(this.times);
  }
  toString() {
    return this.char.repeat(this.times);
  }
}

/** Stand-ins for values known only at run time (the auth member's email and password). */
const V_EMAIL = '$V_EMAIL';
const V_PASSWORD = '$V_PASSWORD';

type FileKind = 'png' | 'jpeg' | 'gif' | 'svg' | 'bomb' | 'truncated-png' | 'empty';
type MultipartPart =
  | { name: string; value: string | Huge }
  | { name: string; file: FileKind | Uint8Array; filename: string; type: string };

type BodyDesc =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown; contentType?: string }
  | { kind: 'raw'; contentType: string | null; text: string | Huge }
  | { kind: 'multipart'; parts: MultipartPart[]; breakBoundary: boolean };

type Who = 'member' | 'other-member' | 'signed-out' | 'bad-cookie';

interface FuzzRequest {
  method: string;
  /** The operation it was generated for, as the document names it. */
  operation: string;
  path: string;
  query: string;
  body: BodyDesc;
  who: Who;
  origin: 'same' | 'none' | 'foreign' | 'null';
}

// ---------------------------------------------------------------------------------------------
// Operations

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  query: { name: string; schema: JsonSchema }[];
  jsonBody: JsonSchema | null;
  multipart: boolean;
  auth: boolean;
}

/** better-auth's endpoints the web app uses (and a few it does not, which must stay closed). */
const AUTH_OPERATIONS: Operation[] = [
  'POST /api/auth/sign-up/email',
  'POST /api/auth/sign-in/email',
  'POST /api/auth/sign-out',
  'POST /api/auth/request-password-reset',
  'POST /api/auth/reset-password',
  'POST /api/auth/change-password',
  'POST /api/auth/update-user',
  'POST /api/auth/get-session',
  'GET /api/auth/get-session',
  'GET /api/auth/verify-email',
  'POST /api/auth/send-verification-email',
].map((key) => {
  const [method, path] = key.split(' ') as [string, string];
  return { method, path, pathParams: [], query: [], jsonBody: null, multipart: false, auth: true };
});

interface OpenApiOperation {
  parameters?: { in: string; name: string; schema: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
  description?: string;
}

function operationsOf(doc: { paths: Record<string, Record<string, OpenApiOperation>> }): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      pathParams: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
      query: (op.parameters ?? [])
        .filter((p) => p.in === 'query')
        .map((p) => ({ name: p.name, schema: p.schema })),
      jsonBody: op.requestBody?.content?.['application/json']?.schema ?? null,
      multipart: (op.description ?? '').includes('multipart/form-data'),
      auth: false,
    })),
  );
}

// ---------------------------------------------------------------------------------------------
// Arbitraries

interface Pools {
  book: string[];
  category: string[];
  tag: string[];
  thought: string[];
  reply: string[];
  comment: string[];
  user: string[];
}

const PARAM_POOL: Record<string, keyof Pools> = {
  bookId: 'book',
  categoryId: 'category',
  tagId: 'tag',
  thoughtId: 'thought',
  replyId: 'reply',
  commentId: 'comment',
  userNumber: 'user',
};

/** Percent-encoded and raw junk that must never reach the database as a crash. */
const RAW_JUNK = [
  '%ff',
  '%',
  '%zz',
  '%00',
  '%0a',
  '..',
  '%2e%2e',
  '%2F',
  '%2f..%2f..%2fetc%2fpasswd',
  '%c0%af',
  '%ed%a0%80',
  '%e2%80%ae',
  '%25',
  '%u0041',
  '%F0%9F%98%80',
  '%27%20or%201%3D1--',
  '%22%3E%3Cscript%3E',
  ';',
  ',',
  '*',
  '~',
  '!',
  '$',
  '(',
  ')',
  '+',
  '@',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0',
  '1e309',
  '0x1F',
  '99999999999999999999999999',
  '__proto__',
  'constructor',
];

function safeEncode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    // A lone surrogate: send the raw percent-encoding of its UTF-8-ish bytes.
    return '%ed%a0%80';
  }
}

const anyText = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom('الحِكْمَةُ', 'سلام', 'ñandú', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢', '\u202Eevil', 'a\u0000b', ' \t\n ', '💥'.repeat(8)),
);

function pathParamArb(name: string, pools: Pools): fc.Arbitrary<string> {
  const own = pools[PARAM_POOL[name] ?? 'book'];
  const everyId = Object.values(pools).flat();
  const options: fc.WeightedArbitrary<string>[] = [
    { weight: 2, arbitrary: fc.constantFrom(...RAW_JUNK) },
    { weight: 2, arbitrary: anyText.map(safeEncode) },
    { weight: 1, arbitrary: fc.integer({ min: 150, max: 3_000 }).map((n) => 'a'.repeat(n)) },
    { weight: 1, arbitrary: fc.integer().map(String) },
    { weight: 1, arbitrary: fc.constant('') },
  ];
  if (own.length > 0) options.push({ weight: 6, arbitrary: fc.constantFrom(...own) });
  if (everyId.length > 0) options.push({ weight: 1, arbitrary: fc.constantFrom(...everyId) });
  return fc.oneof(...options);
}

const cursorArb = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }).map((v) => Buffer.from(JSON.stringify(v) ?? 'null').toString('base64url')),
  fc
    .tuple(fc.date({ noInvalidDate: true }), fc.string({ maxLength: 40 }))
    .map(([d, id]) => Buffer.from(JSON.stringify([d.toISOString(), id])).toString('base64url')),
  fc.constantFrom('bad!', '', '====', 'eyJ9', 'W10', 'WyIiLCIiXQ'),
);

function queryArb(op: Operation): fc.Arbitrary<string> {
  const junkKeys = ['cursor', 'limit', 'q', 'lang', '__proto__', 'a[b]', 'x', ''];
  const value = fc.oneof(
    { weight: 3, arbitrary: anyText.map(safeEncode) },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_JUNK) },
    { weight: 2, arbitrary: fc.integer({ min: -5, max: 200 }).map(String) },
    { weight: 2, arbitrary: cursorArb },
    { weight: 1, arbitrary: fc.integer({ min: 100, max: 6_000 }).map((n) => 'q'.repeat(n)) },
  );
  // The operation's own parameters, mostly with fitting values; then a few of anything.
  const own = op.query.map((q) =>
    fc.option(
      fc
        .oneof(
          { weight: 3, arbitrary: validArb(q.schema).map((v) => safeEncode(String(v))) },
          { weight: 2, arbitrary: value },
        )
        .map((v) => `${q.name}=${v}`),
      { freq: 3, nil: '' },
    ),
  );
  const extra = fc.array(
    fc
      .tuple(fc.constantFrom(...junkKeys), value, fc.boolean())
      .map(([k, v, withValue]) => (withValue ? `${k}=${v}` : k)),
    { maxLength: 3 },
  );
  return fc
    .tuple(fc.tuple(...own), extra, fc.boolean())
    .map(([mine, others, withExtra]) =>
      [...mine, ...(withExtra ? others : [])].filter((p) => p !== '').join('&'),
    );
}

/** Values that fit the schema (often at its limits). */
function validArb(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0) return fc.oneof(...alternatives.map(validArb));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const properties = Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([k, s]) => [k, validArb(s)]),
      );
      return fc.record(properties, { requiredKeys: schema.required ?? [] });
    }
    case 'array':
      return fc.array(validArb(schema.items ?? {}), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'integer': {
      const min = schema.minimum ?? -1_000;
      const max = schema.maximum ?? 1_000;
      // Small values first: page numbers and limits that exist.
      return fc.oneof(fc.integer({ min, max: Math.min(max, min + 5) }), fc.integer({ min, max }));
    }
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'string': {
      const min = schema.minLength ?? 0;
      const max = schema.maxLength ?? 200;
      return fc.oneof(
        { weight: 4, arbitrary: fc.string({ minLength: min, maxLength: Math.min(max, 40) }) },
        { weight: 1, arbitrary: fc.constant('x'.repeat(max)) },
        { weight: 1, arbitrary: fc.constant('ي'.repeat(max)) },
      );
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Something of the wrong kind for any field. */
const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, -0, '', ' ', [], {}, '__proto__', '\u0000'),
  fc.integer({ min: 10_000, max: 300_000 }).map((n) => new Huge(n, 'x')),
  fc.jsonValue({ maxDepth: 4 }),
  fc.integer({ min: 50, max: 3_000 }).map((depth) => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`)),
  anyText,
);

/** A valid value with one field replaced by junk, or an extra field. */
function mutatedArb(schema: JsonSchema): fc.Arbitrary<unknown> {
  return fc.tuple(validArb(schema), fc.nat(), junkValue, fc.boolean()).map(([value, i, junk, extra]) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return junk;
    const copy: Record<string, unknown> = { ...value };
    const keys = Object.keys(schema.properties ?? copy);
    if (extra || keys.length === 0) copy[`extra${i % 3}`] = junk;
    else copy[keys[i % keys.length] as string] = junk;
    return copy;
  });
}

/** Mostly ordinary words (so many forms get through to the database), sometimes anything. */
const wordy = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('Lantern', 'A quiet book', 'الحكمة ضالة المؤمن', 'Ünïcödé') },
  { weight: 1, arbitrary: anyText },
);

const pageArb = fc.record(
  {
    order: fc.oneof(
      { weight: 4, arbitrary: fc.integer({ min: 1, max: 3 }) },
      fc.integer({ min: -1, max: 102 }),
    ),
    header: wordy,
    subHeader: wordy,
    content1: fc.oneof({ weight: 4, arbitrary: wordy }, fc.constant(new Huge(20_001, 'c'))),
    content2: wordy,
  },
  { requiredKeys: ['order', 'header', 'content1'] },
);

const words = fc.constantFrom('Lantern', 'A quiet book', 'الحكمة ضالة المؤمن', 'Ünïcödé', 'Night Walks');

/** A summary the server should take (so covers and pages reach storage and the database). */
const plausibleSummaryArb = fc
  .record({
    title: words,
    author: words,
    categoryId: fc.constantFrom('philosophy', 'history'),
    tags: fc.uniqueArray(words, { maxLength: 3 }),
    aboutBook: words,
    enPages: fc.array(fc.record({ header: words, content1: words }), { minLength: 1, maxLength: 3 }),
    arPages: fc.array(fc.record({ header: words, content1: words }), { maxLength: 2 }),
  })
  .map((s) => ({
    ...s,
    enPages: s.enPages.map((p, i) => ({ order: i + 1, ...p })),
    arPages: s.arPages.map((p, i) => ({ order: i + 1, ...p })),
  }));

const junkySummaryArb = fc.record(
  {
    title: wordy,
    author: wordy,
    categoryId: fc.oneof({ weight: 3, arbitrary: fc.constantFrom('philosophy', 'history') }, anyText),
    tags: fc.oneof(
      { weight: 4, arbitrary: fc.array(wordy, { maxLength: 3 }) },
      fc.array(anyText, { maxLength: 12 }),
    ),
    aboutBook: wordy,
    bookReference: wordy,
    enPages: fc.array(pageArb, { minLength: 1, maxLength: 3 }),
    arPages: fc.array(pageArb, { maxLength: 2 }),
    removeCover: fc.oneof(fc.boolean(), junkValue),
  },
  { requiredKeys: ['title', 'author', 'categoryId'] },
);

const summaryArb = fc.oneof(
  { weight: 3, arbitrary: plausibleSummaryArb },
  { weight: 2, arbitrary: junkySummaryArb },
);

const profileArb = fc.record(
  {
    displayName: wordy,
    pronouns: wordy,
    bio: fc.oneof({ weight: 3, arbitrary: wordy }, fc.constant(new Huge(501, 'b'))),
    location: wordy,
    website: fc.oneof(fc.constantFrom('https://reader.example', 'javascript:alert(1)', ''), anyText),
    removeAvatar: fc.oneof(fc.boolean(), junkValue),
  },
  { requiredKeys: [] },
);

/** true once in `n` times (fast-check's own integers lean towards the small end). */
const oneIn = (n: number) =>
  fc.oneof({ weight: n - 1, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) });

/** A multipart form; `data` and the file field are most often what the route expects. */
function multipartArb(op?: Operation): fc.Arbitrary<BodyDesc> {
  const forBooks = op?.path.startsWith('/api/v1/books') ?? false;
  const forProfile = op?.path === '/api/v1/me/profile';
  const fileField = forBooks ? 'cover' : forProfile ? 'avatar' : 'file';
  const file = fc.record({
    name: fc.oneof(
      { weight: 4, arbitrary: fc.constant(fileField) },
      fc.constantFrom('cover', 'avatar', 'data', 'file'),
    ),
    file: fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom<FileKind>('png', 'jpeg', 'gif') },
      fc.constantFrom<FileKind>('svg', 'bomb', 'truncated-png', 'empty'),
      fc.uint8Array({ maxLength: 2_000 }),
    ),
    filename: fc.oneof(fc.constantFrom('c.png', '../../etc/passwd', 'a'.repeat(300), ''), anyText),
    type: fc.constantFrom(
      'image/png',
      'image/jpeg',
      'image/svg+xml',
      'text/html',
      'application/octet-stream',
      '',
    ),
  });
  const extras = fc.oneof(
    { weight: 4, arbitrary: fc.constant([]) },
    fc.array(fc.record({ name: fc.oneof(anyText, fc.constant('data')), value: anyText }), { maxLength: 2 }),
  );
  return fc
    .tuple(
      fc.oneof(
        { weight: forBooks ? 6 : 1, arbitrary: summaryArb },
        { weight: forProfile ? 6 : 1, arbitrary: profileArb },
        { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
      ),
      fc.oneof(
        { weight: 6, arbitrary: fc.constant<'json' | 'text' | 'huge' | 'none'>('json') },
        { weight: 1, arbitrary: fc.constantFrom<'json' | 'text' | 'huge' | 'none'>('text', 'huge', 'none') },
      ),
      fc.option(file, { nil: undefined }),
      extras,
      fc.boolean(),
      oneIn(20),
    )
    .map(([data, mode, file, extras, fileFirst, breakBoundary]): BodyDesc => {
      const parts: MultipartPart[] = [];
      if (mode === 'json') parts.push({ name: 'data', value: JSON.stringify(data) ?? 'null' });
      if (mode === 'text') parts.push({ name: 'data', value: '{"title": "unterminated' });
      if (mode === 'huge') parts.push({ name: 'data', value: new Huge(300_000, ' ') });
      if (file) {
        if (fileFirst) parts.unshift(file);
        else parts.push(file);
      }
      parts.push(...extras);
      return { kind: 'multipart', parts, breakBoundary };
    });
}

const INVALID_JSON = [
  '{',
  '{"a":',
  '[1,]',
  'nul',
  "{'single': 'quotes'}",
  '\uFEFF{"content":"bom"}',
  '{"__proto__": {"polluted": true}, "content": "x"}',
  '{"constructor": {"prototype": {"polluted": true}}}',
  '\u0000',
  '"just a string"',
  '1e999999',
  `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
  `{"content": "${'\\u0000'.repeat(50)}"}`,
  '{"content": "\\ud800"}',
];

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/form-data; boundary=nothing-here',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/jsonx',
  'APPLICATION/JSON',
  ';;;',
  'application/octet-stream',
  'image/png',
];

function bodyArb(op: Operation): fc.Arbitrary<BodyDesc> {
  const none = fc.constant<BodyDesc>({ kind: 'none' });
  const randomJson = fc.jsonValue({ maxDepth: 4 }).map((value): BodyDesc => ({ kind: 'json', value }));
  const invalidJson = fc
    .constantFrom(...INVALID_JSON)
    .map((text): BodyDesc => ({ kind: 'raw', contentType: 'application/json', text }));
  const wrongType = fc
    .tuple(fc.constantFrom(...CONTENT_TYPES, null), fc.oneof(anyText, fc.constantFrom('a=b&c=%ff', '<x/>')))
    .map(([contentType, text]): BodyDesc => ({ kind: 'raw', contentType, text }));
  const empty = fc.constantFrom<BodyDesc>(
    { kind: 'raw', contentType: 'application/json', text: '' },
    { kind: 'raw', contentType: 'multipart/form-data; boundary=x', text: '' },
  );
  const huge = fc
    .integer({ min: 900_000, max: 1_200_000 })
    .map((n): BodyDesc => ({ kind: 'json', value: { content: new Huge(n, 'h') } }));
  const junk: fc.WeightedArbitrary<BodyDesc>[] = [
    { weight: 2, arbitrary: randomJson },
    { weight: 1, arbitrary: invalidJson },
    { weight: 1, arbitrary: wrongType },
    { weight: 1, arbitrary: empty },
    { weight: 1, arbitrary: none },
  ];
  if (op.auth) {
    return fc.oneof({ weight: 6, arbitrary: authBodyArb(op.path) }, { weight: 1, arbitrary: huge }, ...junk);
  }
  if (op.jsonBody) {
    const schema = op.jsonBody;
    return fc.oneof(
      { weight: 4, arbitrary: validArb(schema).map((value): BodyDesc => ({ kind: 'json', value })) },
      { weight: 4, arbitrary: mutatedArb(schema).map((value): BodyDesc => ({ kind: 'json', value })) },
      { weight: 1, arbitrary: multipartArb() },
      { weight: 1, arbitrary: huge },
      ...junk,
    );
  }
  if (op.multipart)
    return fc.oneof({ weight: 8, arbitrary: multipartArb(op) }, { weight: 1, arbitrary: huge }, ...junk);
  if (op.method === 'GET') return fc.oneof({ weight: 10, arbitrary: none }, ...junk);
  return fc.oneof({ weight: 6, arbitrary: none }, { weight: 1, arbitrary: multipartArb() }, ...junk);
}

const emailArb = fc.oneof(
  { weight: 3, arbitrary: fc.nat().map((n) => `fuzz-${n}@example.com`) },
  { weight: 2, arbitrary: fc.constant(V_EMAIL) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'not-an-email',
      '',
      '@',
      'a@b',
      `${'e'.repeat(300)}@example.com`,
      'FUZZ@EXAMPLE.COM',
    ),
  },
  { weight: 1, arbitrary: anyText },
);
const passwordArb = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(STRONG_PASSWORD, V_PASSWORD) },
  { weight: 1, arbitrary: fc.constantFrom('password', '12345678', '', ' '.repeat(10)) },
  { weight: 1, arbitrary: fc.integer({ min: 129, max: 200_000 }).map((n) => new Huge(n, 'p')) },
  { weight: 1, arbitrary: anyText },
);
const nameArb = fc.oneof(
  { weight: 3, arbitrary: fc.constant('Fuzz Reader') },
  { weight: 1, arbitrary: anyText },
);

function authBodyArb(path: string): fc.Arbitrary<BodyDesc> {
  const json = (arb: fc.Arbitrary<Record<string, unknown>>) =>
    arb.map((value): BodyDesc => ({ kind: 'json', value }));
  const any = { requiredKeys: [] as never[] };
  switch (path) {
    case '/api/auth/sign-up/email':
      return json(
        fc.record(
          {
            name: nameArb,
            email: emailArb,
            password: passwordArb,
            image: fc.constant('https://evil.example/x.png'),
            callbackURL: fc.constantFrom('/app', 'https://evil.example', '//evil.example'),
          },
          { requiredKeys: ['name', 'email', 'password'] },
        ),
      );
    case '/api/auth/sign-in/email':
      return json(
        fc.record(
          { email: emailArb, password: passwordArb, rememberMe: fc.oneof(fc.boolean(), junkValue) },
          { requiredKeys: ['email', 'password'] },
        ),
      );
    case '/api/auth/request-password-reset':
      return json(
        fc.record(
          {
            email: emailArb,
            redirectTo: fc.oneof(fc.constantFrom('/reset-password', 'https://evil.example'), anyText),
          },
          any,
        ),
      );
    case '/api/auth/reset-password':
      return json(
        fc.record({ newPassword: passwordArb, token: fc.oneof(anyText, fc.constant('x'.repeat(64))) }, any),
      );
    case '/api/auth/change-password':
      return json(
        fc.record(
          {
            currentPassword: passwordArb,
            newPassword: passwordArb,
            revokeOtherSessions: fc.oneof(fc.boolean(), junkValue),
          },
          any,
        ),
      );
    case '/api/auth/update-user':
      return json(
        fc.record({ name: anyText, image: anyText, email: emailArb, emailVerified: fc.boolean() }, any),
      );
    case '/api/auth/send-verification-email':
      return json(fc.record({ email: emailArb, callbackURL: anyText }, any));
    default:
      return fc.oneof(
        fc.constant<BodyDesc>({ kind: 'none' }),
        json(fc.dictionary(fc.string(), fc.jsonValue())),
      );
  }
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

function requestArb(operations: Operation[], pools: Pools): fc.Arbitrary<FuzzRequest> {
  return fc.constantFrom(...operations).chain((op) => {
    const params = fc.record(Object.fromEntries(op.pathParams.map((p) => [p, pathParamArb(p, pools)])));
    const authQuery =
      op.path === '/api/auth/verify-email'
        ? fc.oneof(anyText, fc.constantFrom(...RAW_JUNK)).map((token) => `token=${safeEncode(token)}`)
        : queryArb(op);
    return fc.record({
      method: fc.oneof(
        { weight: 19, arbitrary: fc.constant(op.method) },
        { weight: 1, arbitrary: fc.constantFrom(...METHODS) },
      ),
      operation: fc.constant(`${op.method} ${op.path}`),
      path: params.map((values) =>
        op.path.replace(/\{(\w+)\}/g, (_, name: string) => (values as Record<string, string>)[name] ?? ''),
      ),
      query: authQuery,
      body: bodyArb(op),
      who: fc.oneof(
        { weight: 5, arbitrary: fc.constant<Who>('member') },
        { weight: 1, arbitrary: fc.constant<Who>('other-member') },
        { weight: 3, arbitrary: fc.constant<Who>('signed-out') },
        { weight: 1, arbitrary: fc.constant<Who>('bad-cookie') },
      ),
      origin: fc.oneof(
        { weight: 14, arbitrary: fc.constant<FuzzRequest['origin']>('same') },
        { weight: 3, arbitrary: fc.constant<FuzzRequest['origin']>('none') },
        { weight: 2, arbitrary: fc.constant<FuzzRequest['origin']>('foreign') },
        { weight: 1, arbitrary: fc.constant<FuzzRequest['origin']>('null') },
      ),
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Sending and describing

interface AuthMember {
  cookie: string;
  email: string;
  password: string;
}

interface Context {
  app: FastifyInstance;
  member: string;
  otherMember: string;
  authMember: AuthMember;
  files: Record<FileKind, Buffer>;
}

/** The auth member's email and password in place of their stand-ins (top-level fields only). */
function resolveMarkers(value: unknown, ctx: Context): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      v === V_EMAIL ? ctx.authMember.email : v === V_PASSWORD ? ctx.authMember.password : v,
    ]),
  );
}

async function payloadOf(
  body: BodyDesc,
  ctx: Context,
): Promise<{ payload?: Buffer | string; contentType?: string }> {
  switch (body.kind) {
    case 'none':
      return {};
    case 'json':
      return {
        payload: JSON.stringify(resolveMarkers(body.value, ctx)) ?? 'null',
        contentType: body.contentType ?? 'application/json',
      };
    case 'raw':
      return {
        payload: String(body.text),
        ...(body.contentType === null ? {} : { contentType: body.contentType }),
      };
    case 'multipart': {
      const form = new FormData();
      for (const part of body.parts) {
        if ('value' in part) form.append(part.name, String(part.value));
        else {
          const bytes = typeof part.file === 'string' ? ctx.files[part.file] : part.file;
          form.append(part.name, new Blob([new Uint8Array(bytes)], { type: part.type }), part.filename);
        }
      }
      const request = new Request('http://localhost/', { method: 'POST', body: form });
      let contentType = request.headers.get('content-type') ?? '';
      if (body.breakBoundary) contentType = 'multipart/form-data; boundary=not-the-real-one';
      return { payload: Buffer.from(await request.arrayBuffer()), contentType };
    }
  }
}

/** A short, printable stand-in for a generated value (huge strings and deep nesting summarised). */
function preview(value: unknown, depth = 0): unknown {
  if (value instanceof Huge) return `<${value.times} × ${JSON.stringify(value.char)}>`;
  if (depth > 5 && typeof value === 'object' && value !== null) return '<deeper>';
  if (Array.isArray(value)) return value.map((v) => preview(v, depth + 1));
  if (value instanceof Uint8Array) return `<${value.length} bytes>`;
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, preview(v, depth + 1)]));
  return value;
}

function describeBody(body: BodyDesc): string {
  const show = (v: unknown) => JSON.stringify(preview(v));
  const cut = (s: string) => (s.length > 400 ? `${s.slice(0, 400)}… (${s.length} chars)` : s);
  switch (body.kind) {
    case 'none':
      return 'no body';
    case 'json':
      return `json ${cut(show(body.value) ?? 'undefined')}`;
    case 'raw':
      return `raw (${body.contentType ?? 'no content-type'}) ${cut(show(body.text) ?? '')}`;
    case 'multipart':
      return `multipart${body.breakBoundary ? ' (wrong boundary)' : ''} ${cut(
        show(
          body.parts.map((p) =>
            'value' in p
              ? { [p.name]: p.value }
              : {
                  [p.name]:
                    typeof p.file === 'string' ? `<${p.file} file>` : `<${p.file.length} random bytes>`,
                  filename: p.filename,
                  type: p.type,
                },
          ),
        ) ?? '',
      )}`;
  }
}

function describeRequest(r: FuzzRequest): string {
  const url = `${r.path}${r.query ? `?${r.query}` : ''}`;
  const shownUrl = url.length > 300 ? `${url.slice(0, 300)}… (${url.length} chars)` : url;
  return `${r.method} ${shownUrl} [${r.who}, origin: ${r.origin}] ${describeBody(r.body)}`;
}

async function send(r: FuzzRequest, ctx: Context) {
  const isAuth = r.path.startsWith('/api/auth/');
  const headers: Record<string, string> = {};
  const cookie = {
    // On /api/auth a session may end (sign-out, password change): only the auth member's.
    member: isAuth ? ctx.authMember.cookie : ctx.member,
    'other-member': isAuth ? ctx.authMember.cookie : ctx.otherMember,
    'signed-out': '',
    'bad-cookie': 'better-auth.session_token=forged.signature%ff; other=%zz',
  }[r.who];
  if (cookie) headers.cookie = cookie;
  if (r.origin === 'same') headers.origin = TEST_ORIGIN;
  if (r.origin === 'foreign') headers.origin = 'https://evil.example';
  if (r.origin === 'null') headers.origin = 'null';
  const { payload, contentType } = await payloadOf(r.body, ctx);
  if (contentType !== undefined) headers['content-type'] = contentType;
  const options: InjectOptions = {
    method: r.method as InjectOptions['method'],
    url: `${r.path}${r.query ? `?${r.query}` : ''}`,
    headers,
    remoteAddress: uniqueIp(),
  };
  if (payload !== undefined) options.payload = payload;
  return ctx.app.inject(options);
}

const ERROR_KEYS = ['code', 'message'];

/** Why the response breaks the contract, or null. */
function violation(
  r: FuzzRequest,
  res: { statusCode: number; body: string; headers: Record<string, unknown> },
) {
  if (res.statusCode >= 500) return `status ${res.statusCode}`;
  const path = r.path.split('?')[0] ?? '';
  if (!path.startsWith('/api/v1/') || res.statusCode < 400 || r.method === 'HEAD') return null;
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return `status ${res.statusCode} with a body that is not JSON: ${res.body.slice(0, 200)}`;
  }
  const error = (body as { error?: Record<string, unknown> } | null)?.error;
  const ok =
    typeof body === 'object' &&
    body !== null &&
    Object.keys(body).join() === 'error' &&
    typeof error === 'object' &&
    error !== null &&
    Object.keys(error).sort().join() === ERROR_KEYS.join() &&
    typeof error.code === 'string' &&
    error.code !== '' &&
    typeof error.message === 'string' &&
    error.message !== '';
  return ok
    ? null
    : `status ${res.statusCode} with a body not shaped { error: { code, message } }: ${res.body.slice(0, 200)}`;
}

function corpus(
  method: string,
  url: string,
  body: BodyDesc = { kind: 'none' },
  who: Who = 'member',
  origin: FuzzRequest['origin'] = 'same',
): FuzzRequest {
  const [path = url, query = ''] = url.split('?');
  return { method, operation: 'corpus', path, query, body, who, origin };
}

const rawJson = (text: string): BodyDesc => ({ kind: 'raw', contentType: 'application/json', text });

/** Requests that once broke the contract (or nearly): sent first, every run. */
const CORPUS: FuzzRequest[] = [
  // A malformed %-escape answered Fastify's own error shape.
  corpus('GET', '/api/v1/books/%ff'),
  corpus('GET', '/api/v1/books/%ff', undefined, 'signed-out', 'none'),
  corpus('DELETE', '/api/v1/thoughts/%ff'),
  corpus('GET', '/api/v1/users/%ff/thoughts/%c0%af'),
  corpus('GET', '/api/v1/thoughts?cursor=%ff&limit=%zz'),
  corpus('GET', '/api/v1/search?q=%ff'),
  // A NUL byte in a path parameter reached PostgreSQL as text (500 there).
  corpus('GET', '/api/v1/books/%00'),
  corpus('PUT', '/api/v1/thoughts/a%00b/like'),
  // …and in a search or inside a well-formed cursor.
  corpus('GET', '/api/v1/search?q=a%00b'),
  corpus('GET', '/api/v1/thoughts?cursor=WyIyMDI2LTAxLTAxVDAwOjAwOjAwLjAwMFoiLCJhXHUwMDAwYiJd'),
  corpus('POST', '/api/v1/thoughts', rawJson('{"content": "\\ud800"}')),
  corpus('POST', '/api/v1/thoughts', rawJson('{"content": "a\\u0000b"}')),
  corpus('POST', '/api/auth/sign-in/email', rawJson('{'), 'signed-out'),
];

// ---------------------------------------------------------------------------------------------

describe.each(engines)('fuzzing the HTTP surface on %s', (engine) => {
  let t: TestApp;
  let ctx: Context;
  let operations: Operation[];

  async function freshAuthMember(): Promise<AuthMember> {
    const credentials = newCredentials({ name: 'Fuzz Auth', password: STRONG_PASSWORD });
    const { cookie } = await signUp(t.app, credentials);
    return { cookie, email: credentials.email, password: credentials.password };
  }
  const signedIn = async (cookie: string) => (await getSession(t.app, cookie)).json() !== null;

  async function pools(): Promise<Pools> {
    const ids = async (table: 'book' | 'category' | 'tag' | 'thought' | 'thought_reply' | 'book_comment') =>
      (await t.db.selectFrom(table).select('id').orderBy('id').execute()).map((r) => r.id);
    const users = await t.db.selectFrom('user').select('user_number').orderBy('user_number').execute();
    return {
      book: await ids('book'),
      category: await ids('category'),
      tag: await ids('tag'),
      thought: await ids('thought'),
      reply: await ids('thought_reply'),
      comment: await ids('book_comment'),
      user: users.map((u) => String(u.user_number)),
    };
  }

  beforeAll(async () => {
    t = await createTestApp(engine);
    await seedLibrary(t.db, { dataDir: t.dataDir, contentDir: FIXTURE_CONTENT_DIR });
    const member = await signUp(t.app, newCredentials({ name: 'Fuzz Member' }));
    const other = await signUp(t.app, newCredentials({ name: 'Fuzz Other' }));
    const png = await photo('png', 40, 30);
    ctx = {
      app: t.app,
      member: member.cookie,
      otherMember: other.cookie,
      authMember: { cookie: '', email: '', password: '' },
      files: {
        png,
        jpeg: await photo('jpeg', 30, 40),
        gif: await otherFormat('gif'),
        svg: SVG,
        bomb: claimedSizePng(60_000, 60_000),
        'truncated-png': png.subarray(0, Math.floor(png.length / 2)),
        empty: Buffer.alloc(0),
      },
    };
    ctx.authMember = await freshAuthMember();
    // Objects of both members, so real ids reach every route.
    const json = (cookie: string, method: 'POST' | 'PUT', url: string, payload?: object) =>
      t.app.inject({
        method,
        url,
        headers: { origin: TEST_ORIGIN, cookie },
        ...(payload ? { payload } : {}),
      });
    const books = (await pools()).book;
    for (const cookie of [ctx.member, ctx.otherMember]) {
      for (let i = 0; i < 3; i++) {
        const form = new FormData();
        form.append(
          'data',
          JSON.stringify({
            title: `Fuzz Summary ${i}`,
            author: 'Fuzz Author',
            categoryId: 'history',
            tags: ['Fuzz'],
            enPages: [{ order: 1, header: 'One', content1: 'The first page.' }],
          }),
        );
        const request = new Request('http://localhost/', { method: 'POST', body: form });
        const published = await t.app.inject({
          method: 'POST',
          url: '/api/v1/books',
          headers: { origin: TEST_ORIGIN, cookie, 'content-type': request.headers.get('content-type') ?? '' },
          payload: Buffer.from(await request.arrayBuffer()),
        });
        expect(published.statusCode, published.body).toBe(201);
      }
      for (let i = 0; i < 3; i++) {
        const thought = await json(cookie, 'POST', '/api/v1/thoughts', { content: `Fuzz thought ${i}` });
        const id = (thought.json() as { id: string }).id;
        await json(cookie, 'POST', `/api/v1/thoughts/${id}/replies`, { reply: `Fuzz reply ${i}` });
        await json(cookie, 'PUT', `/api/v1/thoughts/${id}/like`);
      }
      for (const book of books) {
        await json(cookie, 'POST', `/api/v1/books/${book}/comments`, { rating: 3, comment: 'Fuzz comment' });
        await json(cookie, 'PUT', `/api/v1/books/${book}/bookmark`);
      }
    }
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    operations = [...operationsOf(doc.json()), ...AUTH_OPERATIONS];
    expect((await pools()).thought.length).toBeGreaterThan(0);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers every request below 500, /api/v1 errors as { error: { code, message } }, and stays healthy', async () => {
    const runs = RUNS_ON[engine];
    console.log(`fuzz on ${engine}: seed ${SEED}, ${runs} requests (replay: ${REPLAY})`);
    const failures: { index: number; reason: string; request: FuzzRequest }[] = [];
    const slow: string[] = [];
    const statuses = new Map<number, number>();
    const answered = new Set<string>();
    let sent = 0;

    const run = async (request: FuzzRequest, index: number) => {
      const started = performance.now();
      let reason: string | null;
      try {
        const res = await send(request, ctx);
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        if (res.statusCode < 300) answered.add(request.operation);
        reason = violation(request, res);
        if (
          request.operation.endsWith('/change-password') &&
          res.statusCode === 200 &&
          request.body.kind === 'json'
        ) {
          const body = resolveMarkers(request.body.value, ctx) as { newPassword?: unknown };
          if (typeof body.newPassword === 'string') ctx.authMember.password = body.newPassword;
        }
      } catch (error) {
        reason = `the request could not be completed: ${String(error)}`;
      }
      sent += 1;
      const ms = performance.now() - started;
      if (ms > 2_000) slow.push(`${Math.round(ms)} ms: ${describeRequest(request)}`);
      if (reason) failures.push({ index, reason, request });
    };

    for (const [i, request] of CORPUS.entries()) await run(request, -1 - i);
    for (let batch = 0; batch * BATCH < runs; batch++) {
      // The auth member may have signed out or changed password: give the next batch a session.
      if (!(await signedIn(ctx.authMember.cookie))) ctx.authMember = await freshAuthMember();
      const requests = fc.sample(requestArb(operations, await pools()), {
        // Distinct per batch and far apart between neighbouring seeds.
        seed: (SEED ^ Math.imul(batch + 1, 0x9e3779b1)) >>> 0,
        numRuns: Math.min(BATCH, runs - batch * BATCH),
      });
      for (const [i, request] of requests.entries()) await run(request, batch * BATCH + i);
    }

    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    const neverOk = operations.map((op) => `${op.method} ${op.path}`).filter((op) => !answered.has(op));
    console.log(
      `fuzz on ${engine}: ${sent} requests, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}` +
        `\noperations never answered with a 2xx: ${neverOk.length > 0 ? neverOk.join(', ') : 'none'}` +
        (slow.length > 0 ? `\nslow requests (> 2 s):\n${slow.join('\n')}` : ''),
    );
    // The member used for /api/v1 was never signed out by an /api/v1 request.
    expect(await signedIn(ctx.member), 'the fuzzing member is still signed in').toBe(true);
    expect(health.statusCode, health.body).toBe(200);

    // One line per distinct problem (operation, reason's first words), with the first request.
    const distinct = new Map<string, (typeof failures)[number] & { count: number }>();
    for (const f of failures) {
      const key = `${f.request.method} ${f.request.operation} ${f.reason.slice(0, 60)}`;
      const seen = distinct.get(key);
      if (seen) seen.count += 1;
      else distinct.set(key, { ...f, count: 1 });
    }
    const report = [...distinct.values()]
      .map(
        (f) =>
          `- ${f.reason}\n  ${f.index < 0 ? 'corpus' : `request #${f.index}`}: ${describeRequest(f.request)}` +
          (f.count > 1 ? `\n  (and ${f.count - 1} more like it)` : ''),
      )
      .join('\n');
    expect(
      failures.length,
      `${failures.length} of ${sent} requests broke the contract (seed ${SEED}; replay: ${REPLAY}):\n${report}`,
    ).toBe(0);
  }, 240_000);
});
