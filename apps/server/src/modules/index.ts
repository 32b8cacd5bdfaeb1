// The composition root: every repository and service is built here, once, and each route plugin
// gets only the services it serves. A module reaches another module through its service (passed
// in here), never through its repository; this file is the one place that shows the wiring.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AssistantModel } from '#server/ai/language-model.ts';
import type { AssistantConfig } from '#server/config.ts';
import type { Database } from '#server/db/schema.ts';
import type { Logger } from '#server/kernel/logger.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import type { Storage } from '#server/storage/storage.ts';
import { createAssistantRepository } from './assistant/assistant.repository.ts';
import { assistantRoutes } from './assistant/assistant.routes.ts';
import { createAssistantService } from './assistant/assistant.service.ts';
import { createPassagesRepository } from './assistant/passages.repository.ts';
import { createAuditRepository } from './audit/audit.repository.ts';
import { auditRoutes } from './audit/audit.routes.ts';
import { createAuditService } from './audit/audit.service.ts';
import { createBooksRepository } from './books/books.repository.ts';
import { booksRoutes } from './books/books.routes.ts';
import { createBooksService } from './books/books.service.ts';
import { createCommentsRepository } from './comments/comments.repository.ts';
import { commentsRoutes } from './comments/comments.routes.ts';
import { createCommentsService } from './comments/comments.service.ts';
import { pingDatabase } from './health/health.repository.ts';
import { healthRoutes } from './health/health.routes.ts';
import { createLibraryRepository } from './library/library.repository.ts';
import { libraryRoutes } from './library/library.routes.ts';
import { createLibraryService } from './library/library.service.ts';
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
  /** Whether "Sign in with Google" is offered (GET /api/v1/config). */
  googleSignIn: boolean;
  /** MoejrAI's model (null: library mode) and limits. */
  assistant: { model: AssistantModel | null; config: AssistantConfig };
}

/** Every service, each built once; a service that needs another gets it here. */
export function createServices({ db, storage, log, assistant }: ModuleDependencies) {
  const library = createLibraryService(createLibraryRepository(db));
  const comments = createCommentsService(createCommentsRepository(db));
  const reading = createReadingService(createReadingRepository(db));
  const thoughts = createThoughtsService(createThoughtsRepository(db));
  const audit = createAuditService(createAuditRepository(db));
  return {
    audit,
    library,
    comments,
    reading,
    thoughts,
    books: createBooksService({ books: createBooksRepository(db), library, reading, comments }),
    search: createSearchService(createSearchRepository(db), library),
    publishing: createPublishingService({ repository: createPublishingRepository(db), storage, log }),
    profiles: createProfilesService({ repository: createProfilesRepository(db), thoughts, storage, log }),
    uploads: createUploadsService({ repository: createUploadsRepository(db), storage, log }),
    assistant: createAssistantService({
      repository: createAssistantRepository(db),
      passages: createPassagesRepository(db),
      reading,
      library,
      model: assistant.model,
      config: assistant.config,
      log,
    }),
  };
}

/** Registers every module's routes under /api (auth's own routes are registered by app.ts). */
export async function registerModules(app: FastifyInstance, dependencies: ModuleDependencies) {
  const services = createServices(dependencies);
  const { db, googleSignIn } = dependencies;
  await app.register(healthRoutes, { isDatabaseUp: () => pingDatabase(db) });
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
  // No routes: the sweep of unreferenced uploads runs on a timer once the server listens.
  scheduleStorageSweeps(app, services.uploads, app.config.storageSweepHours);
}
