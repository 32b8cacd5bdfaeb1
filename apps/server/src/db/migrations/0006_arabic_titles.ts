// Arabic titles: a book may carry its title and author in Arabic, a tag its name in Arabic, shown
// in the Arabic interface (the English ones when null). Nullable, so every existing row stays
// valid; the seed fills them for the demo library.
import type { Migration } from 'kysely';

export const arabicTitlesMigration: Migration = {
  async up(db) {
    await db.schema.alterTable('book').addColumn('title_ar', 'text').execute();
    await db.schema.alterTable('book').addColumn('author_ar', 'text').execute();
    await db.schema.alterTable('tag').addColumn('name_ar', 'text').execute();
  },
  async down(db) {
    await db.schema.alterTable('tag').dropColumn('name_ar').execute();
    await db.schema.alterTable('book').dropColumn('author_ar').execute();
    await db.schema.alterTable('book').dropColumn('title_ar').execute();
  },
};
