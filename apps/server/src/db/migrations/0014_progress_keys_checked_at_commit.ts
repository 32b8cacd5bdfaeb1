// PostgreSQL: reading progress's keys (its member and its book) are checked when the transaction
// commits, not after each statement. Writes share a commit (decision 020), and a member turning
// pages quickly saves the same row several times in one: PostgreSQL checks the keys of a row
// version its own transaction made on every update, a lookup of the member's and the book's rows
// each time. Checked at commit, it looks up only the version still standing (decision 032).
// A save for a member or book that is not there is refused all the same, by the commit; the
// deletes that cascade to progress are not deferred. SQLite checks its keys in process, cheaply.
import { type Migration, PostgresAdapter, sql } from 'kysely';

const isPostgres = (db: Parameters<Migration['up']>[0]) =>
  db.getExecutor().adapter instanceof PostgresAdapter;

const KEYS = ['reading_progress_user_id_fkey', 'reading_progress_book_id_fkey'];

export const progressKeysCheckedAtCommitMigration: Migration = {
  async up(db) {
    if (!isPostgres(db)) return;
    for (const key of KEYS) {
      await sql`alter table reading_progress alter constraint ${sql.id(key)} deferrable initially deferred`.execute(
        db,
      );
    }
  },
  async down(db) {
    if (!isPostgres(db)) return;
    for (const key of KEYS) {
      await sql`alter table reading_progress alter constraint ${sql.id(key)} not deferrable`.execute(db);
    }
  },
};
