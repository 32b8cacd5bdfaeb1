// Member search reads a normalised copy of each display name (db/search-index.ts fills it after
// migrating, and sign-up and profile edits keep it), instead of normalising every name in SQL on
// every search. Nullable: filled by live code, so this migration imports nothing of ours.
import type { Migration } from 'kysely';

export const memberNameSearchMigration: Migration = {
  async up(db) {
    await db.schema.alterTable('user').addColumn('name_search', 'text').execute();
  },
  async down(db) {
    await db.schema.alterTable('user').dropColumn('name_search').execute();
  },
};
