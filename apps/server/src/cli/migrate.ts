// `npm run migrate`: bring the database schema up to date, then exit.
import { openDatabase } from '#server/db/kysely.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { exitWith, loadConfigOrExit } from './run-cli.ts';

const config = loadConfigOrExit();
const database = openDatabase(config.database);
try {
  const applied = await migrateToLatest(database.db);
  console.log(
    applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Database schema is up to date.',
  );
  await database.close();
} catch (error) {
  await database.close();
  exitWith(error);
}
