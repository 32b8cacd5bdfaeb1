// Server settings, read once from the environment. Every variable has a default so that
// `npm start` works on a fresh machine; a bad value stops the start with a message naming it.
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_WEB_DIST_DIR, DEFAULT_WEB_SSR_DIR } from './paths.ts';

export type DatabaseConfig = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

/** An S3-compatible bucket for stored images (covers, avatars); null keeps them in DATA_DIR/uploads. */
export interface S3Config {
  bucket: string;
  region: string;
  /** e.g. http://127.0.0.1:9000 for MinIO; null for AWS itself. */
  endpoint: string | null;
  /** null: the SDK's default credential chain (environment, instance role, …). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  forcePathStyle: boolean;
  /** Base URL objects are served from, without a trailing slash; a key's URL is `${publicUrl}/${key}`. */
  publicUrl: string;
}

/** The language model behind MoejrAI; null config (no AI_PROVIDER) is library mode. */
export interface AiConfig {
  provider: 'gemini' | 'openai';
  apiKey: string | null;
  model: string;
  /** The provider's API root; null for the provider's own (Google's or OpenAI's). */
  baseUrl: string | null;
}

/** Gemini 1.5 Flash (the spec's model) is retired; see docs/decisions/008. */
export const DEFAULT_GEMINI_MODEL = 'gemini-3.6-flash';

export interface AssistantConfig {
  ai: AiConfig | null;
  /** Questions per member per UTC day. */
  dailyMessages: number;
  /** Milliseconds a provider may take for a whole answer. */
  timeoutMs: number;
  /** Characters of prompt (rules, passages, history, question) sent to the model at most. */
  promptChars: number;
}

/** A price of Sahifa Plus, defined by the operator (BILLING_PLANS) and sold through Stripe. */
export interface BillingPrice {
  /** Our name for it, e.g. 'plus-monthly' (what the web app sends to subscribe). */
  id: string;
  /** Stripe's price id (price_…). */
  priceId: string;
  interval: 'month' | 'year';
  /** In the currency's minor unit (cents), as Stripe counts it. */
  amount: number;
  /** ISO 4217, lower case (usd, eur, sar…). */
  currency: string;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** Another API root (a local fake, stripe-mock); null for api.stripe.com. */
  apiUrl: string | null;
}

export interface BillingConfig {
  /** null (no STRIPE_SECRET_KEY): everything is free and nothing is sold. */
  stripe: StripeConfig | null;
  prices: BillingPrice[];
  /** MoejrAI questions per UTC day for Sahifa Plus (free members get assistant.dailyMessages). */
  plusDailyMessages: number;
}

export interface Config {
  nodeEnv: string;
  isProduction: boolean;
  port: number;
  host: string;
  /** Origin the browser uses, without a trailing slash, e.g. `https://sahifa.example`. */
  publicUrl: string;
  dataDir: string;
  database: DatabaseConfig;
  /** null: not set outside production; the server then keeps a generated one in DATA_DIR. */
  authSecret: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  google: { clientId: string; clientSecret: string } | null;
  analyticsScriptUrl: string | null;
  webDistDir: string;
  /** The built render of the pages the server renders (apps/web/dist-ssr); none there: the app renders them in the browser. */
  webSsrDir: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Behind a reverse proxy, trust X-Forwarded-For for the client IP (rate limits). */
  trustProxy: boolean;
  /** Sign-in, sign-up and password-reset attempts per client IP per minute, per path. */
  authRateLimitPerMinute: number;
  s3: S3Config | null;
  /** Hours between sweeps of stored images no row points at (the first right after start); 0: never. */
  storageSweepHours: number;
  /** LibraryService.shared: how long a list is remembered (a change on this instance clears it at once). */
  libraryCacheMs: number;
  assistant: AssistantConfig;
  billing: BillingConfig;
  /** Where support messages are mailed (the operators' inbox). */
  supportEmail: string;
  /** Accounts with these emails (lower case) are operators: /app/admin. */
  adminEmails: string[];
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

const optional = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

function httpUrl(value: string, allowHttp: (url: URL) => boolean): URL | null {
  try {
    const url = new URL(value);
    if (url.protocol === 'https:' || (url.protocol === 'http:' && allowHttp(url))) return url;
    return null;
  } catch {
    return null;
  }
}

const wholeNumber = (min: number, max: number) =>
  optional.pipe(
    z
      .string()
      .regex(/^\d+$/, 'must be a whole number')
      .transform(Number)
      .pipe(z.number().int().min(min, `must be ${min}–${max}`).max(max, `must be ${min}–${max}`))
      .optional(),
  );

// One entry per variable: the issue path is the variable name, so errors can name it.
const envSchema = z.object({
  NODE_ENV: optional.transform((v) => v ?? 'development'),
  PORT: optional.pipe(
    z
      .string()
      .regex(/^\d+$/, 'must be a whole number')
      .transform(Number)
      .pipe(z.number().int().min(1, 'must be 1–65535').max(65535, 'must be 1–65535'))
      .optional(),
  ),
  HOST: optional,
  PUBLIC_URL: optional,
  DATA_DIR: optional,
  DATABASE_URL: optional.refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
    message: 'must be a postgres:// or postgresql:// URL (leave it unset for the built-in SQLite file)',
  }),
  AUTH_SECRET: optional.refine((v) => v === undefined || v.length >= 32, {
    message: 'must be at least 32 characters (try: openssl rand -base64 32)',
  }),
  SMTP_URL: optional.refine((v) => v === undefined || /^smtps?:\/\/.+/.test(v), {
    message: 'must be an smtp:// or smtps:// URL',
  }),
  MAIL_FROM: optional,
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  ANALYTICS_SCRIPT_URL: optional.refine(
    (v) => v === undefined || httpUrl(v, (u) => LOCAL_HOSTS.has(u.hostname)) !== null,
    { message: 'must be an https:// URL (http:// only for localhost)' },
  ),
  WEB_DIST_DIR: optional,
  WEB_SSR_DIR: optional,
  LOG_LEVEL: optional.pipe(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional()),
  TRUST_PROXY: optional.pipe(z.enum(['true', 'false', '1', '0']).optional()),
  AUTH_RATE_LIMIT_PER_MINUTE: optional.pipe(
    z
      .string()
      .regex(/^\d+$/, 'must be a whole number')
      .transform(Number)
      .pipe(z.number().int().min(1, 'must be at least 1'))
      .optional(),
  ),
  // How long another instance's change to the library's lists and the first pages of thoughts
  // may take to show (0: not remembered).
  LIBRARY_CACHE_SECONDS: optional.pipe(
    z
      .string()
      .regex(/^\d+$/, 'must be a whole number of seconds (0 turns the cache off)')
      .transform(Number)
      .pipe(z.number().int().max(3600, 'must be at most 3600 (an hour)'))
      .optional(),
  ),
  // At most a week: longer is no use, and Node's timers cannot wait past 24.8 days.
  STORAGE_SWEEP_HOURS: optional.pipe(
    z
      .string()
      .regex(/^\d+$/, 'must be a whole number of hours (0 turns the sweep off)')
      .transform(Number)
      .pipe(z.number().int().max(168, 'must be at most 168 (a week)'))
      .optional(),
  ),
  S3_BUCKET: optional.refine((v) => v === undefined || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(v), {
    message: 'must be a bucket name (3–63 lowercase letters, digits, dots and hyphens)',
  }),
  S3_REGION: optional.refine((v) => v === undefined || /^[a-z0-9-]+$/.test(v), {
    message: 'must be a region name like us-east-1',
  }),
  S3_ENDPOINT: optional.refine((v) => v === undefined || httpUrl(v, () => true) !== null, {
    message: 'must be an http:// or https:// URL',
  }),
  AI_PROVIDER: optional.pipe(
    z.enum(['gemini', 'openai'], 'must be gemini or openai (or unset for library mode)').optional(),
  ),
  AI_API_KEY: optional,
  AI_MODEL: optional.refine((v) => v === undefined || /^[\w./:@-]{1,200}$/.test(v), {
    message: 'must be a model name like gemini-3.6-flash',
  }),
  AI_BASE_URL: optional.refine((v) => v === undefined || httpUrl(v, () => true) !== null, {
    message: 'must be an http:// or https:// URL',
  }),
  AI_DAILY_MESSAGES: wholeNumber(1, 100_000),
  AI_TIMEOUT_SECONDS: wholeNumber(1, 600),
  AI_PROMPT_CHARS: wholeNumber(2_000, 1_000_000),
  STRIPE_SECRET_KEY: optional.refine((v) => v === undefined || /^(sk|rk)_\w+$/.test(v), {
    message: 'must be a Stripe secret key (sk_… or rk_…)',
  }),
  STRIPE_WEBHOOK_SECRET: optional.refine((v) => v === undefined || /^whsec_\w+$/.test(v), {
    message: 'must be a webhook signing secret (whsec_…)',
  }),
  STRIPE_API_URL: optional.refine((v) => v === undefined || httpUrl(v, () => true) !== null, {
    message: 'must be an http:// or https:// URL',
  }),
  BILLING_PLANS: optional,
  PLUS_DAILY_MESSAGES: wholeNumber(1, 100_000),
  SUPPORT_EMAIL: optional.pipe(z.email('must be an email address').max(254).optional()),
  ADMIN_EMAILS: optional,
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  S3_FORCE_PATH_STYLE: optional.pipe(z.enum(['true', 'false', '1', '0']).optional()),
  S3_PUBLIC_URL: optional.refine((v) => v === undefined || httpUrl(v, () => true) !== null, {
    message: 'must be an http:// or https:// URL',
  }),
});

function fail(variable: string, message: string): never {
  throw new ConfigError(`Invalid configuration: ${variable} ${message}`);
}

/**
 * Builds the configuration from an environment object. Pure: no files are read or written
 * (the generated dev secret is handled by auth/auth-secret.ts), so tests can call it freely.
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  cwd = process.cwd(),
): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue?.path[0] ?? 'environment');
    const got = env[variable];
    const secret =
      variable === 'AUTH_SECRET' ||
      variable === 'SMTP_URL' ||
      variable === 'S3_SECRET_ACCESS_KEY' ||
      variable === 'AI_API_KEY' ||
      variable === 'STRIPE_SECRET_KEY' ||
      variable === 'STRIPE_WEBHOOK_SECRET';
    const shown = secret || got === undefined ? '' : ` (got "${got}")`;
    fail(variable, `${issue?.message ?? 'is invalid'}${shown}`);
  }
  const e = parsed.data;
  const port = e.PORT ?? 3000;
  const isProduction = e.NODE_ENV === 'production';

  const publicUrlRaw = e.PUBLIC_URL ?? `http://localhost:${port}`;
  const publicUrl = httpUrl(publicUrlRaw, () => true);
  if (!publicUrl) fail('PUBLIC_URL', `must be an http:// or https:// URL (got "${publicUrlRaw}")`);
  if (publicUrl.pathname !== '/' || publicUrl.search || publicUrl.hash) {
    fail(
      'PUBLIC_URL',
      `must be an origin without a path, like https://sahifa.example (got "${publicUrlRaw}")`,
    );
  }

  const dataDir = path.resolve(cwd, e.DATA_DIR ?? './data');

  if (!e.AUTH_SECRET && isProduction) {
    fail('AUTH_SECRET', 'is required when NODE_ENV=production (try: openssl rand -base64 32)');
  }

  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    fail(
      e.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID',
      'must be set together with the other Google setting',
    );
  }

  return {
    nodeEnv: e.NODE_ENV,
    isProduction,
    port,
    host: e.HOST ?? '127.0.0.1',
    publicUrl: publicUrl.origin,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'sqlite', file: path.join(dataDir, 'sahifa.db') },
    authSecret: e.AUTH_SECRET ?? null,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM ?? 'Sahifa <no-reply@localhost>',
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET }
        : null,
    analyticsScriptUrl: e.ANALYTICS_SCRIPT_URL ?? null,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(cwd, e.WEB_DIST_DIR) : DEFAULT_WEB_DIST_DIR,
    webSsrDir: e.WEB_SSR_DIR ? path.resolve(cwd, e.WEB_SSR_DIR) : DEFAULT_WEB_SSR_DIR,
    logLevel: e.LOG_LEVEL ?? 'info',
    trustProxy: e.TRUST_PROXY === 'true' || e.TRUST_PROXY === '1',
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE ?? 10,
    s3: s3Config(e),
    storageSweepHours: e.STORAGE_SWEEP_HOURS ?? 24,
    libraryCacheMs: (e.LIBRARY_CACHE_SECONDS ?? 10) * 1000,
    assistant: {
      ai: aiConfig(e),
      dailyMessages: e.AI_DAILY_MESSAGES ?? 50,
      timeoutMs: (e.AI_TIMEOUT_SECONDS ?? 60) * 1000,
      promptChars: e.AI_PROMPT_CHARS ?? 24_000,
    },
    billing: billingConfig(e),
    supportEmail: e.SUPPORT_EMAIL ?? 'support@localhost',
    adminEmails: adminEmails(e.ADMIN_EMAILS),
  };
}

const billingPricesSchema = z
  .array(
    z.strictObject({
      id: z.string().regex(/^[a-z0-9-]{1,40}$/, 'id must be 1–40 lowercase letters, digits or hyphens'),
      priceId: z.string().regex(/^price_\w+$/, 'priceId must be a Stripe price id (price_…)'),
      interval: z.enum(['month', 'year'], 'interval must be month or year'),
      amount: z.number().int().min(1, 'amount must be a whole number of cents, at least 1'),
      currency: z
        .string()
        .regex(/^[a-zA-Z]{3}$/, 'currency must be a three-letter code like usd')
        .transform((c) => c.toLowerCase()),
    }),
  )
  .min(1, 'must list at least one price')
  .refine((prices) => new Set(prices.map((p) => p.id)).size === prices.length, 'ids must be different');

function billingConfig(e: z.infer<typeof envSchema>): BillingConfig {
  const plusDailyMessages = e.PLUS_DAILY_MESSAGES ?? 500;
  if (!e.STRIPE_SECRET_KEY) {
    const stray = (['STRIPE_WEBHOOK_SECRET', 'STRIPE_API_URL', 'BILLING_PLANS'] as const).find(
      (name) => e[name] !== undefined,
    );
    if (stray) fail('STRIPE_SECRET_KEY', `must be set when ${stray} is set (everything is free otherwise)`);
    return { stripe: null, prices: [], plusDailyMessages };
  }
  if (!e.STRIPE_WEBHOOK_SECRET) fail('STRIPE_WEBHOOK_SECRET', 'is required when STRIPE_SECRET_KEY is set');
  if (!e.BILLING_PLANS) fail('BILLING_PLANS', 'is required when STRIPE_SECRET_KEY is set (see README)');
  let json: unknown;
  try {
    json = JSON.parse(e.BILLING_PLANS);
  } catch {
    fail('BILLING_PLANS', 'must be JSON: a list of {id, priceId, interval, amount, currency} (see README)');
  }
  const prices = billingPricesSchema.safeParse(json);
  if (!prices.success) fail('BILLING_PLANS', prices.error.issues[0]?.message ?? 'is invalid');
  return {
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiUrl: e.STRIPE_API_URL ? e.STRIPE_API_URL.replace(/\/+$/, '') : null,
    },
    prices: prices.data,
    plusDailyMessages,
  };
}

function adminEmails(value: string | undefined): string[] {
  if (!value) return [];
  const emails = value
    .split(',')
    .map((email) => email.trim().toLowerCase())
    .filter(Boolean);
  const bad = emails.find((email) => !z.email().safeParse(email).success);
  if (bad) fail('ADMIN_EMAILS', `must be a comma-separated list of emails (got "${bad}")`);
  return emails;
}

function aiConfig(e: z.infer<typeof envSchema>): AiConfig | null {
  if (!e.AI_PROVIDER) {
    const stray = (['AI_API_KEY', 'AI_MODEL', 'AI_BASE_URL'] as const).find((name) => e[name] !== undefined);
    if (stray) fail('AI_PROVIDER', `must be set (gemini or openai) when ${stray} is set`);
    return null;
  }
  const baseUrl = e.AI_BASE_URL ? e.AI_BASE_URL.replace(/\/+$/, '') : null;
  if (e.AI_PROVIDER === 'gemini') {
    if (!e.AI_API_KEY) fail('AI_API_KEY', 'is required when AI_PROVIDER=gemini');
    return { provider: 'gemini', apiKey: e.AI_API_KEY, model: e.AI_MODEL ?? DEFAULT_GEMINI_MODEL, baseUrl };
  }
  // OpenAI-compatible servers (Ollama, llama.cpp, vLLM) name their own models and may need no key.
  if (!e.AI_MODEL)
    fail('AI_MODEL', "is required when AI_PROVIDER=openai (e.g. gpt-4o-mini, or your server's model)");
  if (!baseUrl && !e.AI_API_KEY)
    fail('AI_API_KEY', 'is required when AI_PROVIDER=openai uses api.openai.com');
  return { provider: 'openai', apiKey: e.AI_API_KEY ?? null, model: e.AI_MODEL, baseUrl };
}

const isTrue = (v: string | undefined) => v === 'true' || v === '1';

function s3Config(e: z.infer<typeof envSchema>): S3Config | null {
  if (!e.S3_BUCKET) {
    const stray = (
      ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL'] as const
    ).find((name) => e[name] !== undefined);
    if (stray)
      fail('S3_BUCKET', `must be set when ${stray} is set (images are stored in DATA_DIR/uploads otherwise)`);
    return null;
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    fail(
      e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID',
      'must be set together with the other S3 key setting',
    );
  }
  const bucket = e.S3_BUCKET;
  const region = e.S3_REGION ?? 'us-east-1';
  const forcePathStyle = isTrue(e.S3_FORCE_PATH_STYLE);
  const endpoint = e.S3_ENDPOINT ? e.S3_ENDPOINT.replace(/\/+$/, '') : null;
  let publicUrl: string;
  if (e.S3_PUBLIC_URL) {
    publicUrl = e.S3_PUBLIC_URL.replace(/\/+$/, '');
  } else if (endpoint) {
    const url = new URL(endpoint);
    publicUrl = forcePathStyle
      ? `${url.origin}${url.pathname.replace(/\/+$/, '')}/${bucket}`
      : `${url.protocol}//${bucket}.${url.host}${url.pathname.replace(/\/+$/, '')}`;
  } else {
    publicUrl = `https://${bucket}.s3.${region}.amazonaws.com`;
  }
  return {
    bucket,
    region,
    endpoint,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : null,
    forcePathStyle,
    publicUrl,
  };
}
