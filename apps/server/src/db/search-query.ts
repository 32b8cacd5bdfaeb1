// Queries against the full-text index (search-index.ts), shared by every module that searches the
// library (search, assistant): user input never becomes query syntax — each term is a quoted
// string (FTS5) or a quoted lexeme (tsquery), with a prefix marker, joined by the operator asked
// for. The terms come normalised (search-text.ts `searchTerms`), letters and digits only, but are
// quoted as if they could hold anything.
import { type Kysely, sql } from 'kysely';
import { PipelinedKysely } from './postgres-pipeline.ts';
import type { Database } from './schema.ts';

/** FTS5: each term as a quoted string with a prefix star, quotes doubled; AND (every term) or OR (any). */
export function fts5PrefixQuery(terms: readonly string[], operator: 'AND' | 'OR' = 'AND'): string {
  return terms.map((t) => `"${t.replaceAll('"', '""')}"*`).join(` ${operator} `);
}

/** tsquery: each term as a quoted lexeme with a prefix marker; `&` (every term) or `|` (any). */
export function tsPrefixQuery(terms: readonly string[], operator: '&' | '|' = '&'): string {
  return terms.map((t) => `'${t.replaceAll('\\', '\\\\').replaceAll("'", "''")}':*`).join(` ${operator} `);
}

/** FTS5's rank of a `book_search` row (lower is better): bm25 weights per column — book_id (unindexed), title, author, tags, about, body. */
export const FTS5_BOOK_RANK = sql`bm25(book_search, 0.0, 10.0, 10.0, 5.0, 3.0, 1.0)`;

/** ts_rank weights, in the order {D, C, B, A}: body, about, tags, title/author. */
export const TS_BOOK_RANK_WEIGHTS = '{0.1, 0.3, 0.5, 1.0}';

/**
 * PostgreSQL: how the connections that search are set. The planner reads `book_search` through its
 * GIN indexes: the table's heap is small (the documents live in TOAST), so the planner prefers
 * reading it whole, above all while the indexes hold entries not yet merged (between autovacuum's
 * runs), and then decompresses every document to test it: one search took 50–240 ms at 5,000
 * books that way, against 6–14 ms through the index (docs/performance.md, 2026-11-28,
 * twenty-first session). Parallel workers are spared too: they cost more to start than these
 * scans take. And the connections only read.
 */
export const SEARCH_PLANNER_SETTINGS: Readonly<Record<string, string>> = {
  enable_seqscan: 'off',
  max_parallel_workers_per_gather: '0',
  default_transaction_read_only: 'on',
};

/**
 * PostgreSQL: where a search's read is sent — connections of its own, set as above, shared and
 * pipelined as the other reads are (postgres-pipeline.ts): no transaction to set the planner for
 * each search (its three more round trips halved the searches a second at 5,000 books;
 * docs/performance.md, 2026-11-29).
 */
export function throughSearchIndexes(db: Kysely<Database>): Kysely<Database> {
  if (db instanceof PipelinedKysely) return db.searchReads;
  throw new Error('search on PostgreSQL reads through the database opened by openDatabase');
}
