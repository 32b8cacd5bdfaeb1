// The only Kysely code of MoejrAI's retrieval: which books may hold the answer to a question (the
// search index, any term matching), and the pages of those books. Ranking the pages is plain
// code (assistant.retrieval.ts), the same on both engines. A hidden summary (moderation) stays in
// the index but gives no pages and is never suggested.
import { type Kysely, type Selectable, sql } from 'kysely';
import { engineOf } from '#server/db/kysely.ts';
import type { BookTable, Database, PageTable } from '#server/db/schema.ts';
import { PAGE_TEXT_COLUMNS } from '#server/db/search-index.ts';
import {
  FTS5_BOOK_RANK,
  fts5PrefixQuery,
  TS_BOOK_RANK_WEIGHTS,
  throughSearchIndexes,
  tsPrefixQuery,
} from '#server/db/search-query.ts';

/** A page with its book's names and category. */
export type PassagePageRow = Selectable<PageTable> &
  Pick<Selectable<BookTable>, 'title' | 'title_ar' | 'author' | 'author_ar' | 'category_id'>;

export interface PassagesRepository {
  /**
   * Ids of books matching ANY of the (normalised) terms, each as a word prefix, best first:
   * books whose title or author holds more of the terms, then by the engine's rank — SQLite's
   * weighted bm25; on PostgreSQL the rarity-weighted count of terms held, then ts_rank (both
   * favour books holding more of the terms, and rarer ones). With `bookId`: that book alone
   * when it exists, whether or not a term matches (a question about a book always has the book).
   */
  candidateBookIds(
    terms: readonly string[],
    options: { limit: number; bookId?: string | null },
  ): Promise<string[]>;
  /** Every page of these books, both languages, with its book's names and category; by book, language, order. */
  pagesOf(bookIds: readonly string[]): Promise<PassagePageRow[]>;
  /**
   * Books to read after this one: those sharing the most tags with it, then others of its
   * category (newest first); never the book itself.
   */
  relatedBookIds(bookId: string, limit: number): Promise<string[]>;
}

/** How many books each ranked query hands to the final ordering. */
const RANK_POOL = 64;

/** A book the index found, with its normalised title and author (as indexed). */
interface Found {
  book_id: string;
  title: string;
  author: string;
}

/**
 * Two lists in the engine's order — books whose text holds any term, and books whose title or
 * author does — merged: books naming more of the terms first, then the first list's order, then
 * the second's. Names are counted here, on the indexed title and author of a few dozen books,
 * rather than with one index lookup per term.
 */
function merge(terms: readonly string[], anywhere: Found[], named: Found[], limit: number): string[] {
  const namedHits = (book: Found) => {
    const words = `${book.title} ${book.author}`.split(/[^\p{L}\p{N}]+/u);
    return terms.filter((term) => words.some((word) => word.startsWith(term))).length;
  };
  const books = new Map<string, { hits: number; place: number }>();
  for (const row of [...anywhere, ...named]) {
    if (!books.has(row.book_id)) books.set(row.book_id, { hits: namedHits(row), place: books.size });
  }
  return [...books.entries()]
    .sort(([, a], [, b]) => b.hits - a.hits || a.place - b.place)
    .slice(0, limit)
    .map(([id]) => id);
}

function sqliteCandidates(db: Kysely<Database>) {
  // bm25 over every match, then columns for the pool only; ties by rowid, never by book_id:
  // reading a column of every match (not just the pool's) costs a row lookup each, and that
  // dominates at thousands of matches.
  const ranked = async (match: string) => {
    const { rows } = await sql<Found>`
      select s.book_id, s.title, s.author
      from (
        select rowid as rid, ${FTS5_BOOK_RANK} as rank
        from book_search
        where book_search match ${match}
        order by rank, rowid
        limit ${sql.lit(RANK_POOL)}
      ) as pool
      join book_search as s on s.rowid = pool.rid
      order by pool.rank, pool.rid`.execute(db);
    return rows;
  };
  return async (terms: readonly string[], limit: number) => {
    const any = fts5PrefixQuery(terms, 'OR');
    const anywhere = await ranked(any);
    const named = await ranked(`{title author} : (${any})`);
    return merge(terms, anywhere, named, limit);
  };
}

/** `like` patterns for a term anywhere in a text (a cheap first filter), wildcards escaped. */
function containsPatterns(terms: readonly string[]): string[] {
  return terms.map((t) => `%${t.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

/** A regular expression that finds a term at the start of a word of normalised text (Arabic letters are word letters too). */
function wordStartPattern(terms: readonly string[]): string {
  const escaped = terms.map((t) => t.replace(/[\\^$.|?*+()[\]{}-]/g, (c) => `\\${c}`));
  return `(^|[^[:alnum:]\u0600-\u06ff])(${escaped.join('|')})`;
}

function postgresCandidates(db: Kysely<Database>) {
  return async (terms: readonly string[], limit: number) => {
    const hits = sql.join(
      terms.map(
        (term, i) =>
          sql`select ${i}::int as term, book_id from book_search where document @@ to_tsquery('simple', ${tsPrefixQuery([term])})`,
      ),
      sql` union all `,
    );
    const any = sql`to_tsquery('simple', ${tsPrefixQuery(terms, '|')})`;
    const contains = containsPatterns(terms);
    const pattern = wordStartPattern(terms);
    // 1. Books by the rarity-weighted count of the terms they hold (an index scan per term),
    //    the pool then by ts_rank: the only documents read are the pool's.
    // 2. Books whose title or author holds a term (short columns, never in TOAST): a cheap
    //    substring test first, the word-start test on what passes.
    const { rows } = await sql<Found & { list: number }>`
        with hits as materialized (${hits}),
        weights as (
          select term, ln(1 + (select count(*) from book_search)::float8 / count(*)) as weight
          from hits group by term
        ),
        pool as (
          select hits.book_id, sum(weights.weight) as score
          from hits join weights using (term)
          group by hits.book_id
          order by score desc, hits.book_id
          limit ${sql.lit(RANK_POOL)}
        ),
        anywhere as (
          select pool.book_id, s.title, s.author,
            row_number() over (
              order by pool.score desc, ts_rank(${TS_BOOK_RANK_WEIGHTS}::float4[], s.document, ${any}) desc, pool.book_id
            ) as place
          from pool join book_search as s using (book_id)
        ),
        named as (
          select book_id, title, author, row_number() over (order by book_id) as place
          from book_search
          where (title like any (${contains}::text[]) or author like any (${contains}::text[]))
            and (title ~ ${pattern} or author ~ ${pattern})
          order by book_id
          limit ${sql.lit(RANK_POOL)}
        )
        select book_id, title, author, 0 as list, place from anywhere
        union all
        select book_id, title, author, 1 as list, place from named
        order by list, place`.execute(throughSearchIndexes(db));
    const anywhere = rows.filter((r) => Number(r.list) === 0);
    const named = rows.filter((r) => Number(r.list) === 1);
    return merge(terms, anywhere, named, limit);
  };
}

const PAGE_COLUMNS = PAGE_TEXT_COLUMNS.map((c) => `page.${c}` as const);

export function createPassagesRepository(db: Kysely<Database>): PassagesRepository {
  const candidates = engineOf(db) === 'postgres' ? postgresCandidates(db) : sqliteCandidates(db);
  return {
    async candidateBookIds(terms, { limit, bookId }) {
      if (bookId) {
        const book = await db
          .selectFrom('book')
          .select('id')
          .where('id', '=', bookId)
          .where('hidden_at', 'is', null)
          .executeTakeFirst();
        return book ? [book.id] : [];
      }
      if (terms.length === 0 || limit < 1) return [];
      return candidates(terms, limit);
    },

    async pagesOf(bookIds) {
      if (bookIds.length === 0) return [];
      const ids = [...new Set(bookIds)];
      const rows = await db
        .selectFrom('page')
        .innerJoin('book', 'book.id', 'page.book_id')
        .select([
          'page.book_id',
          'page.lang',
          'page.order',
          ...PAGE_COLUMNS,
          'book.title',
          'book.title_ar',
          'book.author',
          'book.author_ar',
          'book.category_id',
        ])
        .where('page.book_id', 'in', ids)
        // Said of the book too, so the engine looks the few books up instead of reading them all.
        .where('book.id', 'in', ids)
        .where('book.hidden_at', 'is', null)
        .orderBy('page.book_id')
        .orderBy('page.lang')
        .orderBy('page.order')
        .execute();
      // PostgreSQL may hand integers back as strings; the rest is text.
      return rows.map((row) => ({ ...row, order: Number(row.order) }));
    },

    async relatedBookIds(bookId, limit) {
      const byTags = await db
        .selectFrom('book_tag as other')
        .innerJoin('book_tag as own', 'own.tag_id', 'other.tag_id')
        .innerJoin('book', 'book.id', 'other.book_id')
        .select(['other.book_id', (eb) => eb.fn.countAll<number | string>().as('shared')])
        .where('own.book_id', '=', bookId)
        .where('other.book_id', '!=', bookId)
        .where('book.hidden_at', 'is', null)
        .groupBy('other.book_id')
        .orderBy('shared', 'desc')
        .orderBy('other.book_id')
        .limit(limit)
        .execute();
      const ids = byTags.map((row) => row.book_id);
      if (ids.length >= limit) return ids;
      const sameCategory = await db
        .selectFrom('book')
        .select('id')
        .where('category_id', '=', (eb) =>
          eb.selectFrom('book').select('category_id').where('id', '=', bookId),
        )
        .where('id', '!=', bookId)
        .where('hidden_at', 'is', null)
        .$if(ids.length > 0, (qb) => qb.where('id', 'not in', ids))
        .orderBy('added_at', 'desc')
        .orderBy('id')
        .limit(limit - ids.length)
        .execute();
      return [...ids, ...sameCategory.map((row) => row.id)];
    },
  };
}
