// Saving progress (a member turning pages) is the most frequent write. The index on
// (user_id, updated_at, book_id) held the time of every save, so each save rewrote an index entry
// besides the row; on PostgreSQL it also ruled out an update in place (a heap-only tuple), so
// every save added entries to both of the table's indexes. The one reader of that order, My
// Library's In progress tab, reads a member's few rows by the primary key and sorts them.
import type { Migration } from 'kysely';

export const progressSavesInPlaceMigration: Migration = {
  async up(db) {
    await db.schema.dropIndex('reading_progress_user_updated_idx').execute();
  },
  async down(db) {
    await db.schema
      .createIndex('reading_progress_user_updated_idx')
      .on('reading_progress')
      .columns(['user_id', 'updated_at', 'book_id'])
      .execute();
  },
};
