import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { AUTH_SECRET_FILE, resolveAuthSecret } from '#server/auth/auth-secret.ts';
import { makeTempDir } from '#server/test/test-app.ts';
import { ConfigError, loadConfig } from './config.ts';
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
