// PostgreSQL: a book's title and author get a small tsvector and GIN index of their own.
// Search ranks the books whose title or author matches first, and found them by weight in the
// whole document (`'term':*A`). The index holds no weights, so PostgreSQL read every matching
// book's document (~22 KB each) to check them, or every book's: one search that was not
// remembered took 115 ms at 5,000 books, against SQLite's ~5 (docs/performance.md, 2026-11-28,
// twenty-first session). SQLite's FTS5 answers `{title author} : …` from its index already.
import { type Migration, PostgresAdapter, sql } from 'kysely';

const isPostgres = (db: Parameters<Migration['up']>[0]) =>
  db.getExecutor().adapter instanceof PostgresAdapter;

export const searchHeadingsMigration: Migration = {
  async up(db) {
    if (!isPostgres(db)) return;
    await sql`
      alter table book_search add column heading tsvector generated always as (
        to_tsvector('simple'::regconfig, title) || to_tsvector('simple'::regconfig, author)
      ) stored`.execute(db);
    await sql`create index book_search_heading_idx on book_search using gin (heading)`.execute(db);
  },
  async down(db) {
    if (!isPostgres(db)) return;
    await sql`alter table book_search drop column heading`.execute(db);
  },
};
