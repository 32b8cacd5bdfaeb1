// Builds the Fastify app from a config: used by server.ts and by every API test (app.inject).
// The caller runs migrations; the app closes the database when it closes.
import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { createAssistantModel } from '#server/ai/language-model.ts';
import { authRoutes } from '#server/auth/auth.routes.ts';
import { type Auth, type AuthRateLimits, createAuth, defaultAuthRateLimits } from '#server/auth/auth.ts';
import { switchAuthContextsOffWhenIdle } from '#server/auth/auth-contexts.ts';
import { resolveAuthSecret } from '#server/auth/auth-secret.ts';
import { decorateMemberLookup, refuseSuspendedWrites } from '#server/auth/require-member.ts';
import { createSessionCache, type SessionCache } from '#server/auth/session-cache.ts';
import { forgetWritersReads } from '#server/auth/writers-forget.ts';
import type { Config } from '#server/config.ts';
import { type DatabaseHandle, openDatabase } from '#server/db/kysely.ts';
import { registerDocs } from '#server/http/docs.ts';
import { handleFrameworkError, type NotFoundFallback, registerErrorHandlers } from '#server/http/errors.ts';
import { COMPRESS_FROM_BYTES } from '#server/http/remembered-bytes.ts';
import { DEFAULT_WRITE_RATE_LIMIT, registerSecurity, type WriteRateLimit } from '#server/http/security.ts';
import { responseSerializerCompiler } from '#server/http/serializer.ts';
import { registerUploads } from '#server/http/uploads.ts';
import { readWebBuild, registerWebApp } from '#server/http/web-app.ts';
import { createMemberReads } from '#server/kernel/member-reads.ts';
import { takesWrites } from '#server/kernel/write-methods.ts';
import { createMailer } from '#server/mail/mailer.ts';
import { registerModules } from '#server/modules/index.ts';
import { createStorage } from '#server/storage/create-storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** better-auth: its handler serves /api/auth/*, its API reads the session of /api/v1 requests. */
    auth: Auth;
    /** Session lookups for /api/v1, remembered briefly; cleared by every account write. */
    sessions: SessionCache;
  }
}

export const BODY_LIMIT_BYTES = 1024 * 1024;
/** Members' own reads remembered at once (their state in a book, their review, a profile as they see it). */
const MEMBER_READS_KEPT = 10_000;

export interface BuildAppOptions {
  /** An already opened (and migrated) database; otherwise one is opened from the config. */
  database?: DatabaseHandle;
  /** Fastify logger; defaults to pino at config.logLevel. Tests pass false. */
  logger?: FastifyServerOptions['logger'];
  authRateLimits?: Partial<AuthRateLimits>;
  writeRateLimit?: WriteRateLimit;
  /** Check every answer against its zod contract before sending it (the API tests do). */
  checkContracts?: boolean;
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
    frameworkErrors: handleFrameworkError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ checkContracts: options.checkContracts ?? false }));

  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir });
  // Set once the modules exist (registerModules below): until then nothing is remembered to forget.
  let memberCreated = () => {};
  const auth = createAuth({
    config,
    database,
    secret: resolveAuthSecret(config.authSecret, config.dataDir),
    mailer,
    logger: app.log,
    rateLimits: { ...defaultAuthRateLimits(config), ...options.authRateLimits },
    onMemberCreated: () => memberCreated(),
  });
  await switchAuthContextsOffWhenIdle();
  app.decorate('config', config);
  app.decorate('auth', auth);
  const sessions = createSessionCache(auth);
  app.decorate('sessions', sessions);
  decorateMemberLookup(app);
  app.addHook('onClose', async () => {
    mailer.close();
    await database.close();
  });

  let webAppFallback: NotFoundFallback | null = null;
  registerErrorHandlers(app, () => webAppFallback);
  // gzip/brotli for JSON, HTML and the app's scripts (about a third of their size on the wire).
  // Requests are not compressed by any client of ours: no decompression step before each one
  // (set before the plugin reads it from each route).
  app.addHook('onRoute', (route) => {
    route.decompress = false;
  });
  // Answers made per request at brotli's quality 1, not the plugin's 4: 7-14 % more bytes (1.2 KB
  // at most, the reader) for a third to two thirds more answers a second under a browser's
  // Accept-Encoding (decision 014). Bytes sent again and again are compressed once, better
  // (http/remembered-bytes.ts).
  await app.register(fastifyCompress, {
    threshold: COMPRESS_FROM_BYTES,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } },
  });
  const webBuild = readWebBuild(config, app.log);
  await registerSecurity(
    app,
    config,
    options.writeRateLimit ?? DEFAULT_WRITE_RATE_LIMIT,
    webBuild?.scriptHashes ?? [],
  );
  await registerDocs(app);

  // A member's own reads, remembered until they (or an operator) write (decision 021).
  const memberReads = createMemberReads({ ttlMs: config.libraryCacheMs, maxEntries: MEMBER_READS_KEPT });
  // Only a write can be refused to a suspended member or make remembered reads stale: the routes
  // that take one run these hooks (after the same-origin rule and the rate limit), reads none.
  const forgetWriters = forgetWritersReads(memberReads);
  app.addHook('onRoute', (route) => {
    if (!takesWrites(route.method)) return;
    route.onRequest = [...[route.onRequest ?? []].flat(), refuseSuspendedWrites];
    route.onSend = [...[route.onSend ?? []].flat(), forgetWriters];
  });
  await app.register(authRoutes, { auth, sessions });
  ({ memberCreated } = await registerModules(app, {
    db: database.db,
    pingDatabase: database.ping,
    storage: createStorage(config),
    mailer,
    log: app.log,
    forgetSessions: sessions.clear,
    memberReads,
    googleSignIn: config.google !== null,
    assistant: { model: createAssistantModel(config.assistant.ai), config: config.assistant },
  }));
  for (const plugin of options.plugins ?? []) await app.register(plugin);

  await registerUploads(app, config.dataDir);
  webAppFallback = await registerWebApp(app, webBuild);
  return app;
}
