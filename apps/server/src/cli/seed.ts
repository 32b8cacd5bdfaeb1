// `npm run seed`: load the demo library from content/ (idempotent), then exit.
// Runs the migrations first so that it also works on a fresh database.
import { openDatabase } from '#server/db/kysely.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { seedLibrary } from '#server/seed/seed.ts';
import { createStorage } from '#server/storage/create-storage.ts';
import { exitWith, loadConfigOrExit } from './run-cli.ts';

const config = loadConfigOrExit();
const database = openDatabase(config.database);
try {
  await migrateToLatest(database.db);
  const added = await seedLibrary(database.db, { storage: createStorage(config) });
  console.log(`Seed done: ${added.categories} categories, ${added.books} books, ${added.tags} tags added.`);
  await database.close();
} catch (error) {
  await database.close();
  exitWith(error);
}
