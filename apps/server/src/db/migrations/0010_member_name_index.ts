// Member search finds a member by any part of their name (`like '%term%'`), which no ordinary
// index serves: at 50,000 members every search read every name (~7 ms). A trigram index answers
// it from the few names that share the term's three-letter pieces.
// - SQLite: an FTS5 table with the trigram tokenizer, one row per member keyed by member number
//   (stable, unlike the user table's implicit rowid, which VACUUM may renumber), kept by triggers
//   so that every writer (sign-up, profile edits, account deletion, tools) keeps it true.
// - PostgreSQL: a pg_trgm GIN index on the same expression the query matches. pg_trgm ships with
//   PostgreSQL and is a trusted extension: the database's owner may create it.
import { type Migration, PostgresAdapter, sql } from 'kysely';

const isPostgres = (db: Parameters<Migration['up']>[0]) =>
  db.getExecutor().adapter instanceof PostgresAdapter;

export const memberNameIndexMigration: Migration = {
  async up(db) {
    if (isPostgres(db)) {
      // In `public` (when not already elsewhere), not the first schema on the search path: a
      // schema dropped with its tables would take the extension, and every index using it, along.
      await sql`create extension if not exists pg_trgm schema public`.execute(db);
      const { rows } = await sql<{ schema: string }>`
        select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
        where e.extname = 'pg_trgm'`.execute(db);
      const trigramOps = sql.id(rows[0]?.schema ?? 'public', 'gin_trgm_ops');
      await sql`
        create index user_name_search_trigram on "user"
        using gin ((coalesce(name_search, lower(name))) ${trigramOps})`.execute(db);
      return;
    }
    await sql`create virtual table member_name using fts5(name, tokenize = 'trigram', detail = 'none')`.execute(
      db,
    );
    await sql`
      create trigger member_name_insert after insert on user begin
        insert into member_name (rowid, name) values (new.user_number, coalesce(new.name_search, lower(new.name)));
      end`.execute(db);
    await sql`
      create trigger member_name_update after update of name, name_search, user_number on user begin
        delete from member_name where rowid = old.user_number;
        insert into member_name (rowid, name) values (new.user_number, coalesce(new.name_search, lower(new.name)));
      end`.execute(db);
    await sql`
      create trigger member_name_delete after delete on user begin
        delete from member_name where rowid = old.user_number;
      end`.execute(db);
    await sql`
      insert into member_name (rowid, name)
      select user_number, coalesce(name_search, lower(name)) from user`.execute(db);
  },
  async down(db) {
    if (isPostgres(db)) {
      await sql`drop index user_name_search_trigram`.execute(db);
      return;
    }
    for (const trigger of ['member_name_insert', 'member_name_update', 'member_name_delete']) {
      await sql`drop trigger ${sql.id(trigger)}`.execute(db);
    }
    await sql`drop table member_name`.execute(db);
  },
};
