// Starts Sahifa: config → migrations → demo library on an empty database → listen.
// Stops cleanly on SIGINT/SIGTERM: no new connections, in-flight requests finish, DB closes.

import './v8-flags.ts';
import './tick-shape.ts';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { exitWith, loadConfigOrExit } from '#server/cli/run-cli.ts';
import { openDatabase } from '#server/db/kysely.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { ContentError } from '#server/seed/load-content.ts';
import { isLibraryEmpty, seedLibrary } from '#server/seed/seed.ts';
import { createStorage } from '#server/storage/create-storage.ts';
import { buildApp } from './app.ts';
import { DEFAULT_CONTENT_DIR } from './paths.ts';

const SHUTDOWN_GRACE_MS = 10_000;

const hasContent = () => existsSync(path.join(DEFAULT_CONTENT_DIR, 'categories.json'));

const config = loadConfigOrExit();
const database = openDatabase(config.database);

try {
  await migrateToLatest(database.db);
} catch (error) {
  await database.close();
  exitWith(error);
}

// The demo library is a convenience: if it cannot be loaded the server still starts (empty
// library, error logged) and the next start tries again; `npm run seed` fails loudly instead.
try {
  if (!hasContent()) {
    console.warn(`No demo library found at ${DEFAULT_CONTENT_DIR}; starting with an empty library.`);
  } else if (await isLibraryEmpty(database.db)) {
    const added = await seedLibrary(database.db, { storage: createStorage(config) });
    console.log(`Demo library loaded: ${added.categories} categories, ${added.books} books.`);
  }
} catch (error) {
  console.error(`Demo library not loaded: ${error instanceof ContentError ? error.message : String(error)}`);
}

const app = await buildApp(config, { database }).catch((error) => exitWith(error));
try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  app.log.error({ err: error }, 'could not start listening');
  await app.close();
  process.exit(1);
}
app.log.info(`Sahifa is running at ${config.publicUrl} (listening on ${config.host}:${config.port})`);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal} received, shutting down`);
  const force = setTimeout(() => {
    app.log.error('shutdown took too long, exiting');
    process.exit(1);
  }, SHUTDOWN_GRACE_MS);
  force.unref();
  // A keep-alive connection whose request was in flight would hold the close open: end each
  // connection as soon as it falls idle.
  const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100);
  closeIdle.unref();
  try {
    await app.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'error during shutdown');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
