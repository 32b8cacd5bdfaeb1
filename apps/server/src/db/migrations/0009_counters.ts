// Counts the read path counted on every request, kept as counters instead (issue 12): each
// category's books (/books, the overview, a category page) and each member's thoughts and member
// summaries (the profile). As the screens count them, a hidden book or thought (moderation) is
// not counted. From here on the writes that change them keep them, in the same transaction:
// publishing, editing, deleting and hiding a summary, the seed, posting, deleting and hiding a
// thought. This migration counts them once from the rows as they are. Plain SQL that means the
// same on SQLite and PostgreSQL.
import { type Migration, sql } from 'kysely';

export const countersMigration: Migration = {
  async up(db) {
    await db.schema
      .alterTable('category')
      .addColumn('book_count', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('user')
      .addColumn('thought_count', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('user')
      .addColumn('summary_count', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`
      update category set book_count = (
        select count(*) from book where book.category_id = category.id and book.hidden_at is null
      )`.execute(db);
    // Only the members who have something to count: the others keep the default 0.
    await sql`
      update "user" set
        thought_count = (
          select count(*) from thought where thought.user_id = "user".id and thought.hidden_at is null
        ),
        summary_count = (
          select count(*) from book
          where book.user_id = "user".id and book.source = 'member' and book.hidden_at is null
        )
      where exists (select 1 from thought where thought.user_id = "user".id)
        or exists (select 1 from book where book.user_id = "user".id)`.execute(db);
  },
  async down(db) {
    await db.schema.alterTable('user').dropColumn('summary_count').execute();
    await db.schema.alterTable('user').dropColumn('thought_count').execute();
    await db.schema.alterTable('category').dropColumn('book_count').execute();
  },
};
