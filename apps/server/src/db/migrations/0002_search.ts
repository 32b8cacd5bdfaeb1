// Full-text search over books (issue 3): SQLite FTS5, or PostgreSQL tsvector + GIN. The text in
// it is normalised by the app (modules/search/search-index.ts), which also backfills the books
// that exist already.
import { type Kysely, type Migration, PostgresAdapter, sql } from 'kysely';
import { reindexAllBooks } from '../../modules/search/search-index.ts';
import type { Database } from '../schema.ts';

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
    await reindexAllBooks(db as Kysely<Database>);
  },
  async down(db) {
    await sql`drop table if exists book_search`.execute(db);
  },
};
