import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { AUTH_SECRET_FILE, resolveAuthSecret } from '#server/auth/auth-secret.ts';
import { makeTempDir } from '#server/test/test-app.ts';
import { ConfigError, DEFAULT_GEMINI_MODEL, loadConfig } from './config.ts';
import { DEFAULT_WEB_DIST_DIR, REPO_ROOT } from './paths.ts';

const SECRET = 'x'.repeat(32);

function errorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env, '/srv/sahifa');
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('has a default for every setting', () => {
    const config = loadConfig({}, '/srv/sahifa');
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      dataDir: '/srv/sahifa/data',
      database: { kind: 'sqlite', file: '/srv/sahifa/data/sahifa.db' },
      authSecret: null,
      smtpUrl: null,
      mailFrom: 'Sahifa <no-reply@localhost>',
      google: null,
      analyticsScriptUrl: null,
      logLevel: 'info',
      trustProxy: false,
      authRateLimitPerMinute: 10,
      storageSweepHours: 24,
    });
    expect(config.webDistDir).toBe(DEFAULT_WEB_DIST_DIR);
    expect(DEFAULT_WEB_DIST_DIR).toBe(path.join(REPO_ROOT, 'apps', 'web', 'dist'));
  });

  it('derives PUBLIC_URL from PORT and resolves DATA_DIR against the working directory', () => {
    const config = loadConfig({ PORT: '8080', DATA_DIR: 'var/data' }, '/srv/sahifa');
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.dataDir).toBe('/srv/sahifa/var/data');
  });

  it('selects PostgreSQL for postgres URLs', () => {
    expect(loadConfig({ DATABASE_URL: 'postgresql://u@db/sahifa' }).database).toEqual({
      kind: 'postgres',
      url: 'postgresql://u@db/sahifa',
    });
    expect(errorOf({ DATABASE_URL: 'mysql://db' }).message).toContain('DATABASE_URL');
  });

  it('names the variable when a value is wrong', () => {
    expect(errorOf({ PORT: 'eighty' }).message).toMatch(/^Invalid configuration: PORT .*"eighty"/);
    expect(errorOf({ PORT: '70000' }).message).toContain('PORT');
    expect(errorOf({ PUBLIC_URL: 'localhost:3000' }).message).toContain('PUBLIC_URL');
    expect(errorOf({ PUBLIC_URL: 'https://example.com/app' }).message).toContain('PUBLIC_URL');
    expect(errorOf({ LOG_LEVEL: 'loud' }).message).toContain('LOG_LEVEL');
    expect(errorOf({ ANALYTICS_SCRIPT_URL: 'http://stats.example.com/s.js' }).message).toContain(
      'ANALYTICS_SCRIPT_URL',
    );
    expect(errorOf({ GOOGLE_CLIENT_ID: 'id-only' }).message).toContain('GOOGLE_CLIENT_SECRET');
    expect(errorOf({ SMTP_URL: 'mail.example.com' }).message).toContain('SMTP_URL');
    expect(errorOf({ AUTH_RATE_LIMIT_PER_MINUTE: '0' }).message).toContain('AUTH_RATE_LIMIT_PER_MINUTE');
    expect(errorOf({ STORAGE_SWEEP_HOURS: '1.5' }).message).toContain('STORAGE_SWEEP_HOURS');
    expect(errorOf({ STORAGE_SWEEP_HOURS: '169' }).message).toContain('STORAGE_SWEEP_HOURS');
  });

  it('never repeats a secret in an error message', () => {
    const message = errorOf({ AUTH_SECRET: 'too-short-secret' }).message;
    expect(message).toContain('AUTH_SECRET');
    expect(message).not.toContain('too-short-secret');
  });

  it('refuses to start in production without AUTH_SECRET', () => {
    expect(errorOf({ NODE_ENV: 'production' }).message).toMatch(/AUTH_SECRET is required/);
    expect(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: SECRET }).authSecret).toBe(SECRET);
  });

  it('accepts the optional integrations when they are well-formed', () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://sahifa.example/',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      ANALYTICS_SCRIPT_URL: 'https://stats.example.com/script.js',
      SMTP_URL: 'smtps://user:pass@mail.example.com',
      TRUST_PROXY: 'true',
      STORAGE_SWEEP_HOURS: '6',
    });
    expect(config.publicUrl).toBe('https://sahifa.example');
    expect(config.google).toEqual({ clientId: 'id', clientSecret: 'secret' });
    expect(config.analyticsScriptUrl).toBe('https://stats.example.com/script.js');
    expect(config.trustProxy).toBe(true);
    expect(config.storageSweepHours).toBe(6);
    expect(loadConfig({ STORAGE_SWEEP_HOURS: '0' }).storageSweepHours).toBe(0);
    expect(loadConfig({ ANALYTICS_SCRIPT_URL: 'http://localhost:8000/s.js' }).analyticsScriptUrl).toBe(
      'http://localhost:8000/s.js',
    );
  });
});

describe('resolveAuthSecret', () => {
  it('uses AUTH_SECRET when it is set', () => {
    const dataDir = makeTempDir();
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    expect(resolveAuthSecret(SECRET, dataDir)).toBe(SECRET);
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('generates a secret once, stores it privately and reuses it', () => {
    const dataDir = makeTempDir();
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    const first = resolveAuthSecret(null, dataDir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dataDir, AUTH_SECRET_FILE);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveAuthSecret(null, dataDir)).toBe(first);
  });
});

describe('loadConfig: the assistant (AI_*)', () => {
  it('defaults to library mode, 50 questions a day, 60 s and a 24,000-character prompt', () => {
    expect(loadConfig({}, '/srv/sahifa').assistant).toEqual({
      ai: null,
      dailyMessages: 50,
      timeoutMs: 60_000,
      promptChars: 24_000,
    });
  });

  it('reads the limits, the timeout in seconds', () => {
    const { assistant } = loadConfig({
      AI_DAILY_MESSAGES: '7',
      AI_TIMEOUT_SECONDS: '15',
      AI_PROMPT_CHARS: '8000',
    });
    expect(assistant).toMatchObject({ dailyMessages: 7, timeoutMs: 15_000, promptChars: 8000 });
    for (const [variable, value] of [
      ['AI_DAILY_MESSAGES', '0'],
      ['AI_DAILY_MESSAGES', 'many'],
      ['AI_TIMEOUT_SECONDS', '0'],
      ['AI_TIMEOUT_SECONDS', '601'],
      ['AI_TIMEOUT_SECONDS', '1.5'],
      ['AI_PROMPT_CHARS', '1999'],
    ] as const) {
      expect(errorOf({ [variable]: value }).message).toMatch(
        new RegExp(`^Invalid configuration: ${variable} `),
      );
    }
  });

  it('uses Gemini with a key, defaulting the model', () => {
    expect(loadConfig({ AI_PROVIDER: 'gemini', AI_API_KEY: 'gemini-key' }).assistant.ai).toEqual({
      provider: 'gemini',
      apiKey: 'gemini-key',
      model: DEFAULT_GEMINI_MODEL,
      baseUrl: null,
    });
    expect(
      loadConfig({
        AI_PROVIDER: 'gemini',
        AI_API_KEY: 'gemini-key',
        AI_MODEL: 'gemini-2.5-pro',
        AI_BASE_URL: 'http://127.0.0.1:9000/v1beta/',
      }).assistant.ai,
    ).toMatchObject({ model: 'gemini-2.5-pro', baseUrl: 'http://127.0.0.1:9000/v1beta' });
    expect(errorOf({ AI_PROVIDER: 'gemini' }).message).toMatch(
      /^Invalid configuration: AI_API_KEY is required/,
    );
    expect(errorOf({ AI_PROVIDER: 'gemini', AI_API_KEY: '   ' }).message).toContain('AI_API_KEY');
  });

  it('uses an OpenAI-compatible server with a model, and a key unless it is a local server', () => {
    expect(
      loadConfig({ AI_PROVIDER: 'openai', AI_API_KEY: 'sk-key', AI_MODEL: 'gpt-4o-mini' }).assistant.ai,
    ).toEqual({ provider: 'openai', apiKey: 'sk-key', model: 'gpt-4o-mini', baseUrl: null });
    expect(
      loadConfig({ AI_PROVIDER: 'openai', AI_MODEL: 'llama3.1:8b', AI_BASE_URL: 'http://localhost:11434/v1' })
        .assistant.ai,
    ).toEqual({
      provider: 'openai',
      apiKey: null,
      model: 'llama3.1:8b',
      baseUrl: 'http://localhost:11434/v1',
    });
    expect(errorOf({ AI_PROVIDER: 'openai', AI_API_KEY: 'sk-key' }).message).toMatch(
      /^Invalid configuration: AI_MODEL is required/,
    );
    expect(errorOf({ AI_PROVIDER: 'openai', AI_MODEL: 'gpt-4o-mini' }).message).toMatch(
      /^Invalid configuration: AI_API_KEY is required/,
    );
  });

  it('names the variable when an AI setting is wrong', () => {
    expect(errorOf({ AI_PROVIDER: 'anthropic' }).message).toMatch(
      /^Invalid configuration: AI_PROVIDER .*"anthropic"/,
    );
    expect(errorOf({ AI_PROVIDER: 'gemini', AI_API_KEY: 'k', AI_MODEL: 'gemini flash' }).message).toContain(
      'AI_MODEL',
    );
    expect(
      errorOf({ AI_PROVIDER: 'gemini', AI_API_KEY: 'k', AI_BASE_URL: 'ftp://models.example' }).message,
    ).toContain('AI_BASE_URL');
  });

  it('refuses AI_API_KEY, AI_MODEL or AI_BASE_URL without AI_PROVIDER', () => {
    for (const [variable, value] of [
      ['AI_API_KEY', 'sk-key'],
      ['AI_MODEL', 'gpt-4o-mini'],
      ['AI_BASE_URL', 'http://localhost:11434/v1'],
    ] as const) {
      const message = errorOf({ [variable]: value }).message;
      expect(message).toMatch(/^Invalid configuration: AI_PROVIDER must be set/);
      expect(message).toContain(`when ${variable} is set`);
    }
  });

  it('never repeats the AI key in an error message', () => {
    const key = 'sk-live-0123456789abcdef';
    const errors = [
      errorOf({ AI_API_KEY: key }),
      errorOf({ AI_PROVIDER: 'anthropic', AI_API_KEY: key }),
      errorOf({ AI_PROVIDER: 'openai', AI_API_KEY: key }),
      errorOf({ AI_PROVIDER: 'gemini', AI_API_KEY: key, AI_TIMEOUT_SECONDS: 'soon' }),
      // A value the schema itself rejects (an env object built in code can hold a non-string).
      errorOf({ AI_PROVIDER: 'gemini', AI_API_KEY: [key] as unknown as string }),
    ];
    expect(errors.at(-1)?.message).toMatch(/^Invalid configuration: AI_API_KEY /);
    for (const error of errors) expect(error.message).not.toContain(key);
  });
});

describe('loadConfig: billing (STRIPE_*, BILLING_PLANS, PLUS_DAILY_MESSAGES)', () => {
  const KEY = 'sk_test_0123456789abcdef';
  const WEBHOOK_SECRET = 'whsec_0123456789abcdef';
  const PLANS = [
    { id: 'plus-monthly', priceId: 'price_1Month', interval: 'month', amount: 499, currency: 'USD' },
    { id: 'plus-yearly', priceId: 'price_1Year', interval: 'year', amount: 4900, currency: 'usd' },
  ];
  const STRIPE_ENV = {
    STRIPE_SECRET_KEY: KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    BILLING_PLANS: JSON.stringify(PLANS),
  };

  it('sells nothing by default, and gives Plus 500 questions a day', () => {
    expect(loadConfig({}, '/srv/sahifa').billing).toEqual({
      stripe: null,
      prices: [],
      plusDailyMessages: 500,
    });
    expect(loadConfig({ PLUS_DAILY_MESSAGES: '40' }).billing.plusDailyMessages).toBe(40);
  });

  it('reads the Stripe keys, another API root and the prices (currency in lower case)', () => {
    expect(loadConfig({ ...STRIPE_ENV, STRIPE_API_URL: 'http://127.0.0.1:12111/' }).billing).toEqual({
      stripe: { secretKey: KEY, webhookSecret: WEBHOOK_SECRET, apiUrl: 'http://127.0.0.1:12111' },
      prices: [
        { id: 'plus-monthly', priceId: 'price_1Month', interval: 'month', amount: 499, currency: 'usd' },
        { id: 'plus-yearly', priceId: 'price_1Year', interval: 'year', amount: 4900, currency: 'usd' },
      ],
      plusDailyMessages: 500,
    });
    expect(
      loadConfig({ ...STRIPE_ENV, STRIPE_SECRET_KEY: 'rk_live_restricted' }).billing.stripe,
    ).toMatchObject({
      secretKey: 'rk_live_restricted',
      apiUrl: null,
    });
  });

  it('needs the webhook secret and the plans with the key, and the key with either', () => {
    const { STRIPE_WEBHOOK_SECRET: _secret, ...noSecret } = STRIPE_ENV;
    expect(errorOf(noSecret).message).toMatch(/^Invalid configuration: STRIPE_WEBHOOK_SECRET is required/);
    const { BILLING_PLANS: _plans, ...noPlans } = STRIPE_ENV;
    expect(errorOf(noPlans).message).toMatch(/^Invalid configuration: BILLING_PLANS is required/);
    for (const [variable, value] of [
      ['STRIPE_WEBHOOK_SECRET', WEBHOOK_SECRET],
      ['STRIPE_API_URL', 'http://127.0.0.1:12111'],
      ['BILLING_PLANS', JSON.stringify(PLANS)],
    ] as const) {
      const message = errorOf({ [variable]: value }).message;
      expect(message).toMatch(/^Invalid configuration: STRIPE_SECRET_KEY must be set/);
      expect(message).toContain(`when ${variable} is set`);
    }
  });

  it('names BILLING_PLANS when the prices are not usable', () => {
    const [monthly] = PLANS;
    for (const plans of [
      'not json',
      [],
      [{ ...monthly, priceId: 'prod_123' }],
      [{ ...monthly, interval: 'week' }],
      [{ ...monthly, amount: 4.99 }],
      [{ ...monthly, amount: 0 }],
      [{ ...monthly, currency: 'dollars' }],
      [{ ...monthly, id: 'Plus Monthly' }],
      [{ ...monthly, extra: true }],
      [monthly, { ...monthly, priceId: 'price_other' }],
    ]) {
      const env = {
        ...STRIPE_ENV,
        BILLING_PLANS: typeof plans === 'string' ? plans : JSON.stringify(plans),
      };
      expect(errorOf(env).message, JSON.stringify(plans)).toMatch(/^Invalid configuration: BILLING_PLANS /);
    }
  });

  it('names the variable when a Stripe setting is malformed, never repeating a secret', () => {
    const publishable = 'pk_live_0123456789abcdef';
    const keyError = errorOf({ ...STRIPE_ENV, STRIPE_SECRET_KEY: publishable }).message;
    expect(keyError).toMatch(/^Invalid configuration: STRIPE_SECRET_KEY /);
    expect(keyError).not.toContain(publishable);
    const badSecret = 'signing-secret-0123456789';
    const secretError = errorOf({ ...STRIPE_ENV, STRIPE_WEBHOOK_SECRET: badSecret }).message;
    expect(secretError).toMatch(/^Invalid configuration: STRIPE_WEBHOOK_SECRET /);
    expect(secretError).not.toContain(badSecret);
    // A later mistake must not echo the key either.
    expect(errorOf({ ...STRIPE_ENV, BILLING_PLANS: '[' }).message).not.toContain(KEY);
    expect(errorOf({ ...STRIPE_ENV, STRIPE_API_URL: 'ftp://stripe.example' }).message).toMatch(
      /^Invalid configuration: STRIPE_API_URL /,
    );
    for (const value of ['0', 'lots', '100001']) {
      expect(errorOf({ PLUS_DAILY_MESSAGES: value }).message).toMatch(
        /^Invalid configuration: PLUS_DAILY_MESSAGES /,
      );
    }
  });
});
