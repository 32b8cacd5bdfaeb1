// The only Kysely code of the search module: one interface, an SQLite (FTS5) and a PostgreSQL
// (tsvector) implementation of the book query, and a member query that runs on both.
import { type Kysely, sql } from 'kysely';
import { engineOf } from '#server/db/kysely.ts';
import type { Database, PageLang } from '#server/db/schema.ts';
import { PAGE_TEXT_COLUMNS } from '#server/db/search-index.ts';
import {
  FTS5_BOOK_RANK,
  fts5PrefixQuery,
  TS_BOOK_RANK_WEIGHTS,
  throughSearchIndexes,
  tsPrefixQuery,
} from '#server/db/search-query.ts';

export interface MemberRow {
  user_number: number | string | bigint;
  name: string;
  image: string | null;
  bio: string | null;
}

export interface SearchRepository {
  /**
   * Ids of books matching every term (each as a word prefix), best first: books whose title or
   * author holds every term come first, then by the engine's weighted rank.
   */
  searchBookIds(terms: readonly string[], limit: number): Promise<string[]>;
  /** What these books are about (the first text a reader meets). */
  aboutTexts(ids: readonly string[]): Promise<Map<string, string[]>>;
  /** The text of these books' pages in one language, in reading order. */
  pageTexts(ids: readonly string[], lang: PageLang): Promise<Map<string, string[]>>;
  searchMembers(terms: readonly string[], limit: number): Promise<MemberRow[]>;
}

// ---------- book queries: user input never becomes query syntax (db/search-query.ts) ----------

/**
 * At most this many matching books are ranked: those whose title or author matches, and as many
 * of the others (SQLite: the newest; PostgreSQL: the first found). A word every book holds would otherwise rank the whole library on each
 * search (docs/performance.md).
 */
export const SEARCH_CANDIDATES = 500;

function sqliteBookSearch(db: Kysely<Database>) {
  return async (terms: readonly string[], limit: number) => {
    const match = fts5PrefixQuery(terms);
    const inTitleOrAuthor = `{title author} : (${match})`;
    // The candidates are the index's rowids (a book's own rowid, db/search-index.ts), and their
    // ids are read from `book`: the index's `book_id` is stored with the book's whole text, which
    // SQLite reads to return it (a two-word search at 5,000 books: 5.0-5.7 ms -> 1.4 ms).
    const { rows } = await sql<{ book_id: string }>`
      select book.id as book_id from (
        select * from (
          select rowid as entry, 1 as titled, ${FTS5_BOOK_RANK} as rank from book_search
          where book_search match ${inTitleOrAuthor}
          limit ${sql.lit(SEARCH_CANDIDATES)})
        union all
        select * from (
          select rowid, 0, ${FTS5_BOOK_RANK} from book_search
          where book_search match ${match}
            and rowid not in (select rowid from book_search where book_search match ${inTitleOrAuthor})
          order by rowid desc
          limit ${sql.lit(SEARCH_CANDIDATES)})) candidates
      join book on book.rowid = candidates.entry
      order by titled desc, rank, book.id
      limit cast(${limit} as integer)`.execute(db);
    return rows.map((r) => r.book_id);
  };
}

function postgresBookSearch(db: Kysely<Database>) {
  return async (terms: readonly string[], limit: number) => {
    const query = sql`to_tsquery('simple', ${tsPrefixQuery(terms)})`;
    // Title and author are matched in their own small vector (migration 0013), not by weight in
    // the whole document, which PostgreSQL would have to read for every book to check.
    const found = sql<{ book_id: string }>`
      with candidates as (
        (select book_id, document, true as titled from book_search
         where heading @@ ${query} limit ${sql.lit(SEARCH_CANDIDATES)})
        union all
        (select book_id, document, false from book_search
         where document @@ ${query} and not (heading @@ ${query})
         limit ${sql.lit(SEARCH_CANDIDATES)}))
      select book_id from candidates
      order by titled desc, ts_rank(${TS_BOOK_RANK_WEIGHTS}::float4[], document, ${query}) desc, book_id
      limit ${limit}`;
    const { rows } = await found.execute(throughSearchIndexes(db));
    return rows.map((r) => r.book_id);
  };
}

// ---------- member names ----------

// Display names are matched in `user.name_search`, the name normalised as the query's words are
// (db/search-index.ts keeps it), by containment: a member is found by any part of their name. A
// row written without it (by a tool) is matched on its lower-cased name until the next start fills it.
const nameSearch = sql<string>`coalesce(${sql.ref('user.name_search')}, lower(${sql.ref('user.name')}))`;

/**
 * At most this many members whose name holds every term are ordered (the first to join), so a
 * common term costs the same however many members share it.
 */
export const MEMBER_CANDIDATES = 500;

const likeContains = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const likeStarts = (term: string) => `${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** `*term*`, the term's own `*`, `?` and `[` taken literally (each in brackets). */
const globContains = (term: string) => `*${term.replace(/[*?[]/g, (c) => `[${c}]`)}*`;

/**
 * The candidates' rows, found through the trigram index of migration 0010: PostgreSQL's GIN index
 * on the expression matched here, SQLite's FTS5 table `member_name` (in member-number order).
 */
function memberCandidates(db: Kysely<Database>, terms: readonly string[]) {
  const columns = [
    'user.user_number',
    'user.name',
    'user.image',
    'user.bio',
    nameSearch.as('name_key'),
  ] as const;
  if (engineOf(db) === 'postgres') {
    // Each query is a named statement, planned once for any term (db/kysely.ts): a term too short
    // for a trigram is matched on an expression the index does not cover, so that its plan reads
    // rows until enough match instead of the whole index.
    const matched = (t: string) => ([...t].length >= 3 ? nameSearch : sql<string>`(${nameSearch} || '')`);
    return db
      .selectFrom('user')
      .select(columns)
      .where((eb) =>
        eb.and(terms.map((t) => sql<boolean>`${matched(t)} like ${likeContains(t)} escape '\\'`)),
      )
      .limit(MEMBER_CANDIDATES);
  }
  // GLOB, not LIKE … ESCAPE: FTS5 answers GLOB and a plain LIKE from the index, but LIKE with
  // ESCAPE by reading every row. Names and terms are lower-cased alike (db/search-index.ts).
  const holdsEvery = sql.join(
    terms.map((t) => sql`name glob ${globContains(t)}`),
    sql` and `,
  );
  const matches = sql<{
    number: number;
  }>`(select rowid as number from member_name where ${holdsEvery} limit ${sql.lit(MEMBER_CANDIDATES)})`;
  return db
    .selectFrom(matches.as('match'))
    .innerJoin('user', 'user.user_number', 'match.number')
    .select(columns);
}

export function createSearchRepository(db: Kysely<Database>): SearchRepository {
  const searchBookIds = engineOf(db) === 'postgres' ? postgresBookSearch(db) : sqliteBookSearch(db);
  return {
    async searchBookIds(terms, limit) {
      if (terms.length === 0) return [];
      return searchBookIds(terms, limit);
    },

    async aboutTexts(ids) {
      if (ids.length === 0) return new Map();
      const books = await db
        .selectFrom('book')
        .select(['id', 'about_book'])
        .where('id', 'in', [...ids])
        .execute();
      return new Map(books.map((book) => [book.id, [book.about_book]]));
    },

    async pageTexts(ids, lang) {
      const texts = new Map<string, string[]>();
      if (ids.length === 0) return texts;
      const pages = await db
        .selectFrom('page')
        .select(['book_id', ...PAGE_TEXT_COLUMNS])
        .where('book_id', 'in', [...ids])
        .where('lang', '=', lang)
        .orderBy('book_id')
        .orderBy('order')
        .execute();
      for (const page of pages) {
        const text = texts.get(page.book_id) ?? [];
        text.push(...PAGE_TEXT_COLUMNS.map((c) => page[c]));
        texts.set(page.book_id, text);
      }
      return texts;
    },

    async searchMembers(terms, limit) {
      if (terms.length === 0) return [];
      const first = terms[0] ?? '';
      return (
        db
          .selectFrom(memberCandidates(db, terms).as('candidate'))
          .select(['candidate.user_number', 'candidate.name', 'candidate.image', 'candidate.bio'])
          // Names that start with the first word come first.
          .orderBy(
            sql`case when ${sql.ref('candidate.name_key')} like ${likeStarts(first)} escape '\\' then 0 else 1 end`,
          )
          .orderBy('candidate.user_number')
          .limit(limit)
          .execute()
      );
    },
  };
}
