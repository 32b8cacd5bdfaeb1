// The composition root: every repository and service is built here, once, and each route plugin
// gets only the services it serves. A module reaches another module through its service (passed
// in here), never through its repository; this file is the one place that shows the wiring.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AssistantModel } from '#server/ai/language-model.ts';
import { isOperator } from '#server/auth/operators.ts';
import type { AssistantConfig, Config } from '#server/config.ts';
import type { Database } from '#server/db/schema.ts';
import type { Logger } from '#server/kernel/logger.ts';
import type { MemberReads } from '#server/kernel/member-reads.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import { createPayments } from '#server/payments/payments.ts';
import type { Storage } from '#server/storage/storage.ts';
import { accountRoutes } from './account/account.routes.ts';
import { createAssistantRepository } from './assistant/assistant.repository.ts';
import { assistantRoutes } from './assistant/assistant.routes.ts';
import { createAssistantService } from './assistant/assistant.service.ts';
import { createPassagesRepository } from './assistant/passages.repository.ts';
import { createAuditRepository } from './audit/audit.repository.ts';
import { auditRoutes } from './audit/audit.routes.ts';
import { createAuditService } from './audit/audit.service.ts';
import { createBillingRepository } from './billing/billing.repository.ts';
import { billingRoutes } from './billing/billing.routes.ts';
import { createBillingService } from './billing/billing.service.ts';
import { createBooksRepository } from './books/books.repository.ts';
import { booksRoutes } from './books/books.routes.ts';
import { createBooksService } from './books/books.service.ts';
import { createCommentsRepository } from './comments/comments.repository.ts';
import { commentsRoutes } from './comments/comments.routes.ts';
import { createCommentsService } from './comments/comments.service.ts';
import { healthRoutes } from './health/health.routes.ts';
import { createLibraryRepository } from './library/library.repository.ts';
import { libraryRoutes } from './library/library.routes.ts';
import { createLibraryService } from './library/library.service.ts';
import { createBlocksRepository } from './moderation/blocks.repository.ts';
import { blocksRoutes } from './moderation/blocks.routes.ts';
import { createBlocksService } from './moderation/blocks.service.ts';
import { createMembersRepository } from './moderation/members.repository.ts';
import { membersRoutes } from './moderation/members.routes.ts';
import { createMembersService } from './moderation/members.service.ts';
import { queueRoutes } from './moderation/queue.routes.ts';
import { createReportsRepository } from './moderation/reports.repository.ts';
import { reportsRoutes } from './moderation/reports.routes.ts';
import { createReportsService } from './moderation/reports.service.ts';
import { createProfilesRepository } from './profiles/profiles.repository.ts';
import { profilesRoutes } from './profiles/profiles.routes.ts';
import { createProfilesService } from './profiles/profiles.service.ts';
import { publicConfigRoutes } from './public-config/public-config.routes.ts';
import { createPublishingRepository } from './publishing/publishing.repository.ts';
import { publishingRoutes } from './publishing/publishing.routes.ts';
import { createPublishingService } from './publishing/publishing.service.ts';
import { createReadingRepository } from './reading/reading.repository.ts';
import { readingRoutes } from './reading/reading.routes.ts';
import { createReadingService } from './reading/reading.service.ts';
import { createSearchRepository } from './search/search.repository.ts';
import { searchRoutes } from './search/search.routes.ts';
import { createSearchService } from './search/search.service.ts';
import { createSupportRepository } from './support/support.repository.ts';
import { supportRoutes } from './support/support.routes.ts';
import { scheduleSupportMailRetries } from './support/support.schedule.ts';
import { createSupportService } from './support/support.service.ts';
import { supportAdminRoutes } from './support/support-admin.routes.ts';
import { createThoughtsRepository } from './thoughts/thoughts.repository.ts';
import { thoughtsRoutes } from './thoughts/thoughts.routes.ts';
import { createThoughtsService } from './thoughts/thoughts.service.ts';
import { createUploadsRepository } from './uploads/uploads.repository.ts';
import { scheduleStorageSweeps } from './uploads/uploads.schedule.ts';
import { createUploadsService } from './uploads/uploads.service.ts';

export interface ModuleDependencies {
  db: Kysely<Database>;
  storage: Storage;
  /** Outgoing mail (support messages and replies); the same mailer better-auth uses. */
  mailer: Mailer;
  log: Logger;
  /** Forgets remembered session lookups (auth/session-cache.ts) after a write to a member's account. */
  forgetSessions: () => void;
  /** A member's own reads, remembered until they or an operator write (kernel/member-reads.ts). */
  memberReads: MemberReads;
  /** Whether "Sign in with Google" is offered (GET /api/v1/config). */
  googleSignIn: boolean;
  /** MoejrAI's model (null: library mode) and limits. */
  assistant: { model: AssistantModel | null; config: AssistantConfig };
}

/** Every service, each built once; a service that needs another gets it here. */
export function createServices(
  { db, storage, mailer, log, assistant, forgetSessions, memberReads }: ModuleDependencies,
  config: Pick<Config, 'supportEmail' | 'publicUrl' | 'billing' | 'adminEmails' | 'libraryCacheMs'>,
) {
  const library = createLibraryService(createLibraryRepository(db), { cacheMs: config.libraryCacheMs });
  const comments = createCommentsService(createCommentsRepository(db), { library, memberReads });
  const reading = createReadingService(createReadingRepository(db), { library, memberReads });
  const thoughts = createThoughtsService(createThoughtsRepository(db), { cacheMs: config.libraryCacheMs });
  const audit = createAuditService(createAuditRepository(db));
  const publishing = createPublishingService({
    repository: createPublishingRepository(db),
    library,
    storage,
    log,
  });
  const billing = createBillingService({
    repository: createBillingRepository(db),
    payments: createPayments(config.billing.stripe),
    config: config.billing,
    freeDailyQuestions: assistant.config.dailyMessages,
    publicUrl: config.publicUrl,
    log,
  });
  return {
    audit,
    billing,
    support: createSupportService({
      repository: createSupportRepository(db),
      mailer,
      audit,
      log,
      supportEmail: config.supportEmail,
      publicUrl: config.publicUrl,
    }),
    library,
    comments,
    reading,
    thoughts,
    books: createBooksService({ books: createBooksRepository(db), library, reading, comments }),
    search: createSearchService(createSearchRepository(db), library),
    publishing,
    reports: createReportsService({
      repository: createReportsRepository(db),
      thoughts,
      comments,
      publishing,
      audit,
    }),
    blocks: createBlocksService(createBlocksRepository(db), thoughts.changed),
    members: createMembersService({
      repository: createMembersRepository(db),
      audit,
      isOperator: (account) => isOperator(config.adminEmails, account),
      forgetSessions,
    }),
    profiles: createProfilesService({
      repository: createProfilesRepository(db),
      thoughts,
      storage,
      log,
      forgetSessions,
      library,
      memberReads,
    }),
    uploads: createUploadsService({ repository: createUploadsRepository(db), storage, log }),
    assistant: createAssistantService({
      repository: createAssistantRepository(db),
      passages: createPassagesRepository(db),
      reading,
      library,
      billing,
      model: assistant.model,
      config: assistant.config,
      log,
    }),
  };
}

/**
 * Registers every module's routes under /api (auth's own routes are registered by app.ts), and
 * answers what auth must tell the modules: `memberCreated`, once a new member's row is committed.
 */
export async function registerModules(
  app: FastifyInstance,
  dependencies: ModuleDependencies & {
    /** True when the database answers (GET /api/health). */
    pingDatabase: () => boolean | Promise<boolean>;
  },
) {
  const services = createServices(dependencies, app.config);
  const { pingDatabase, googleSignIn } = dependencies;
  await app.register(healthRoutes, { pingDatabase });
  await app.register(publicConfigRoutes, { googleSignIn });
  await app.register(libraryRoutes, { library: services.library });
  await app.register(booksRoutes, { books: services.books });
  await app.register(readingRoutes, { reading: services.reading });
  await app.register(commentsRoutes, { comments: services.comments });
  await app.register(publishingRoutes, { publishing: services.publishing });
  await app.register(searchRoutes, { search: services.search });
  await app.register(thoughtsRoutes, { thoughts: services.thoughts });
  await app.register(profilesRoutes, { profiles: services.profiles });
  await app.register(assistantRoutes, { assistant: services.assistant });
  await app.register(auditRoutes, { audit: services.audit });
  await app.register(reportsRoutes, { reports: services.reports });
  await app.register(queueRoutes, { reports: services.reports });
  await app.register(blocksRoutes, { blocks: services.blocks });
  await app.register(membersRoutes, { members: services.members });
  await app.register(billingRoutes, { billing: services.billing });
  await app.register(accountRoutes, {
    planOf: async (userId) => (await services.billing.status(userId)).plan,
  });
  await app.register(supportRoutes, { support: services.support });
  await app.register(supportAdminRoutes, { support: services.support });
  // No routes: the sweep of unreferenced uploads runs on a timer once the server listens.
  scheduleStorageSweeps(app, services.uploads, app.config.storageSweepHours);
  // No routes either: support mail that failed is tried again on a timer.
  scheduleSupportMailRetries(app, services.support);
  // Search answers with members' names, remembered with the library's answers.
  return { memberCreated: services.library.changed };
}
