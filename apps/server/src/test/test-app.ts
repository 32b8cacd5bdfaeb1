// Builds a real app for API tests: a temp DATA_DIR per app, and a real database — a SQLite file
// in that dir, or (when TEST_DATABASE_URL is set) a fresh PostgreSQL schema dropped afterwards.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { type BuildAppOptions, buildApp } from '#server/app.ts';
import { type Config, loadConfig } from '#server/config.ts';
import { type DatabaseHandle, type Engine, openDatabase } from '#server/db/kysely.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import type { Database } from '#server/db/schema.ts';

/** Engines the suites run on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const engines: Engine[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export const FIXTURE_CONTENT_DIR = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'fixtures',
  'content',
);
export const TEST_PUBLIC_URL = 'http://localhost:3000';
export const TEST_ORIGIN = TEST_PUBLIC_URL;

export interface TestApp {
  app: FastifyInstance;
  db: Kysely<Database>;
  config: Config;
  dataDir: string;
  engine: Engine;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  build?: BuildAppOptions;
}

export function makeTempDir(prefix = 'sahifa-test-'): string {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** Runs `run` on a connection to TEST_DATABASE_URL itself (creating and dropping schemas). */
export async function withAdminClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export async function createTestApp(engine: Engine, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = makeTempDir();
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    PUBLIC_URL: TEST_PUBLIC_URL,
    AUTH_SECRET: 'test-secret-that-is-long-enough-for-better-auth',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    WEB_SSR_DIR: path.join(dataDir, 'no-ssr-build'),
    LOG_LEVEL: 'silent',
    // Tests write books straight into the database behind the app's back; the cache has its own
    // tests (modules/library/library-cache.test.ts), which turn it on.
    LIBRARY_CACHE_SECONDS: '0',
    ...options.env,
  };
  let pgSchema: string | undefined;
  if (engine === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is not set');
    env.DATABASE_URL = url;
    pgSchema = `test_${randomBytes(6).toString('hex')}`;
    const schema = pgSchema;
    await withAdminClient((client) => client.query(`create schema "${schema}"`));
  }
  const cleanUp = async () => {
    if (pgSchema) {
      const schema = pgSchema;
      await withAdminClient((client) => client.query(`drop schema if exists "${schema}" cascade`));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  let app: FastifyInstance;
  const config = loadConfig(env, dataDir);
  const database = openDatabase(config.database, { pgSchema });
  try {
    await migrateToLatest(database.db);
    app = await buildApp(config, {
      database,
      logger: false,
      checkContracts: true,
      // High enough that no test trips a limit by accident; rate-limit tests pass their own.
      authRateLimits: { credentials: { window: 60, max: 10_000 }, general: { window: 60, max: 10_000 } },
      writeRateLimit: { max: 10_000, timeWindow: 60_000 },
      ...options.build,
    });
    await app.ready();
  } catch (error) {
    await database.close();
    await cleanUp();
    throw error;
  }

  return {
    app,
    db: database.db,
    config,
    dataDir,
    engine,
    async close() {
      await app.close();
      await cleanUp();
    },
  };
}

export interface TestSchema {
  database: DatabaseHandle;
  /** Closes the database and drops the schema. */
  drop(): Promise<void>;
}

/** The database alone (no app) in a fresh, migrated PostgreSQL schema of TEST_DATABASE_URL. */
async function openTestSchema(): Promise<TestSchema> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `test_${randomBytes(6).toString('hex')}`;
  await withAdminClient((client) => client.query(`create schema "${schema}"`));
  const database = openDatabase({ kind: 'postgres', url }, { pgSchema: schema });
  const drop = async () => {
    await database.close();
    await withAdminClient((client) => client.query(`drop schema if exists "${schema}" cascade`));
  };
  try {
    await migrateToLatest(database.db);
  } catch (error) {
    await drop();
    throw error;
  }
  return { database, drop };
}

/**
 * For the tests of the describe block that calls it: a fresh, migrated PostgreSQL schema, opened
 * (and handed to `opened`) before them and dropped after them.
 */
export function useTestSchema(opened: (db: Kysely<Database>) => void): void {
  let schema: TestSchema | undefined;
  beforeAll(async () => {
    schema = await openTestSchema();
    opened(schema.database.db);
  });
  afterAll(() => schema?.drop());
}
