// Full-text search over books (issue 3): SQLite FTS5, or PostgreSQL tsvector + GIN. The table is
// created empty: its text is normalised by live code (db/search-index.ts), which fills it after
// the migrations run, so this file means the same thing forever.
import { type Kysely, type Migration, PostgresAdapter, sql } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export const searchMigration: Migration = {
  async up(db) {
    if (isPostgres(db)) {
      // 'simple': lower case, no stemming, no stop words — right for two languages at once,
      // and the Arabic is normalised before it gets here.
      await sql`
        create table book_search (
          book_id text primary key references book (id) on delete cascade,
          title text not null,
          author text not null,
          tags text not null,
          about text not null,
          body text not null,
          document tsvector generated always as (
            setweight(to_tsvector('simple'::regconfig, title), 'A') ||
            setweight(to_tsvector('simple'::regconfig, author), 'A') ||
            setweight(to_tsvector('simple'::regconfig, tags), 'B') ||
            setweight(to_tsvector('simple'::regconfig, about), 'C') ||
            setweight(to_tsvector('simple'::regconfig, body), 'D')
          ) stored
        )`.execute(db);
      await sql`create index book_search_document_idx on book_search using gin (document)`.execute(db);
    } else {
      // remove_diacritics 2 also folds Latin accents the normaliser may have missed.
      await sql`
        create virtual table book_search using fts5(
          book_id unindexed, title, author, tags, about, body,
          tokenize = 'unicode61 remove_diacritics 2'
        )`.execute(db);
    }
  },
  async down(db) {
    await sql`drop table if exists book_search`.execute(db);
    // The index is gone, so is the record of which code built it (db/search-index.ts).
    await sql`delete from counter where name = 'search_index_version'`.execute(db);
  },
};
