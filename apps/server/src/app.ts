// Builds the Fastify app from a config: used by server.ts and by every API test (app.inject).
// The caller runs migrations; the app closes the database when it closes.
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { authRoutes } from './auth/auth.routes.ts';
import { type Auth, type AuthRateLimits, createAuth, defaultAuthRateLimits } from './auth/auth.ts';
import { resolveAuthSecret } from './auth/auth-secret.ts';
import type { Config } from './config.ts';
import { type DatabaseHandle, openDatabase } from './db/kysely.ts';
import type { Database } from './db/schema.ts';
import { registerDocs } from './http/docs.ts';
import { type NotFoundFallback, registerErrorHandlers } from './http/errors.ts';
import { DEFAULT_WRITE_RATE_LIMIT, registerSecurity, type WriteRateLimit } from './http/security.ts';
import { registerUploads } from './http/uploads.ts';
import { registerWebApp } from './http/web-app.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { booksRoutes } from './modules/books/books.routes.ts';
import { commentsRoutes } from './modules/comments/comments.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { libraryRoutes } from './modules/library/library.routes.ts';
import { profilesRoutes } from './modules/profiles/profiles.routes.ts';
import { publicConfigRoutes } from './modules/public-config/public-config.routes.ts';
import { publishingRoutes } from './modules/publishing/publishing.routes.ts';
import { readingRoutes } from './modules/reading/reading.routes.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { thoughtsRoutes } from './modules/thoughts/thoughts.routes.ts';
import { createStorage, type Storage } from './storage/storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Kysely<Database>;
    auth: Auth;
    mailer: Mailer;
    /** Stored images: DATA_DIR/uploads or an S3-compatible bucket (storage/storage.ts). */
    storage: Storage;
  }
}

export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface BuildAppOptions {
  /** An already opened (and migrated) database; otherwise one is opened from the config. */
  database?: DatabaseHandle;
  /** Fastify logger; defaults to pino at config.logLevel. Tests pass false. */
  logger?: FastifyServerOptions['logger'];
  authRateLimits?: Partial<AuthRateLimits>;
  writeRateLimit?: WriteRateLimit;
  /** Extra route plugins, registered after the feature modules (used by tests). */
  plugins?: FastifyPluginAsync[];
}

export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const database = options.database ?? openDatabase(config.database);
  try {
    return await assembleApp(config, options, database);
  } catch (error) {
    await database.close();
    throw error;
  }
}

async function assembleApp(config: Config, options: BuildAppOptions, database: DatabaseHandle) {
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    // Room for slow clients on a small machine, but not forever.
    requestTimeout: 30_000,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir });
  const auth = createAuth({
    config,
    db: database.db,
    engine: database.engine,
    secret: resolveAuthSecret(config.authSecret, config.dataDir),
    mailer,
    logger: app.log,
    rateLimits: { ...defaultAuthRateLimits(config), ...options.authRateLimits },
  });
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('auth', auth);
  app.decorate('mailer', mailer);
  app.decorate('storage', createStorage(config));
  app.addHook('onClose', async () => {
    mailer.close();
    await database.close();
  });

  let webAppFallback: NotFoundFallback | null = null;
  registerErrorHandlers(app, () => webAppFallback);
  // gzip/brotli for JSON, HTML and the app's scripts (about a third of their size on the wire).
  await app.register(fastifyCompress, { threshold: 1024 });
  await registerSecurity(app, config, options.writeRateLimit ?? DEFAULT_WRITE_RATE_LIMIT);
  await registerDocs(app);

  await app.register(authRoutes, { auth });
  await app.register(healthRoutes);
  await app.register(publicConfigRoutes);
  await app.register(libraryRoutes);
  await app.register(booksRoutes);
  await app.register(readingRoutes);
  await app.register(commentsRoutes);
  await app.register(publishingRoutes);
  await app.register(searchRoutes);
  await app.register(thoughtsRoutes);
  await app.register(profilesRoutes);
  for (const plugin of options.plugins ?? []) await app.register(plugin);

  await registerUploads(app, config.dataDir);
  webAppFallback = await registerWebApp(app, config);
  return app;
}
