// One review (a rating with an optional comment) per member per book: a second rating edits the
// first. Before the unique index can exist, older duplicates go — each member keeps their newest
// review of a book (latest date, then highest id) — and every book's rating counters are counted
// again from the rows that remain. Plain SQL that means the same on SQLite and PostgreSQL.
import { type Migration, sql } from 'kysely';

export const oneReviewPerMemberMigration: Migration = {
  async up(db) {
    await sql`
      delete from book_comment
      where exists (
        select 1 from book_comment as newer
        where newer.book_id = book_comment.book_id
          and newer.user_id = book_comment.user_id
          and (newer.date > book_comment.date or (newer.date = book_comment.date and newer.id > book_comment.id))
      )`.execute(db);
    await sql`
      update book set
        rating_count = (select count(*) from book_comment as c where c.book_id = book.id),
        rating_sum = (select coalesce(sum(c.rating), 0) from book_comment as c where c.book_id = book.id)`.execute(
      db,
    );
    await db.schema
      .createIndex('book_comment_book_user_idx')
      .on('book_comment')
      .columns(['book_id', 'user_id'])
      .unique()
      .execute();
  },
  async down(db) {
    // The removed duplicates are not brought back; members may simply rate twice again.
    await db.schema.dropIndex('book_comment_book_user_idx').execute();
  },
};
