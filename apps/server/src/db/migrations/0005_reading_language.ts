// The reading language is kept with the progress, so a book reopens (on any device) in the
// language the member was reading it in. Progress saved before this has no language (null): the
// reader then chooses as it did before.
import { type Migration, sql } from 'kysely';

export const readingLanguageMigration: Migration = {
  async up(db) {
    await db.schema
      .alterTable('reading_progress')
      .addColumn('lang', 'text', (c) => c.check(sql`lang in ('en', 'ar')`))
      .execute();
  },
  async down(db) {
    await db.schema.alterTable('reading_progress').dropColumn('lang').execute();
  },
};
