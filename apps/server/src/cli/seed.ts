// `npm run seed`: load the demo library from content/ (idempotent), then exit.
// Runs the migrations first so that it also works on a fresh database.
import { openDatabase } from '../db/kysely.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { seedLibrary } from '../seed/seed.ts';
import { createStorage } from '../storage/storage.ts';
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
