// The full-text index of books, kept in step with the library: every write that creates, edits or
// deletes a book calls these inside its own transaction (publishing, seed), so a search never
// sees a book the library does not have, or misses one it has.
//
// One table, `book_search`, two engines (migration 0002 creates it, syncSearchIndex fills it):
// - SQLite: an FTS5 table; its rowid is the book's rowid, so one book has one entry.
// - PostgreSQL: a table with a weighted tsvector (title/author A, tags B, about C, body D).
// Both hold NORMALISED text (search-text.ts `searchIndexText`): diacritics and tatweel gone, Arabic
// letter forms unified, the Arabic definite article dropped, lower case; the query is normalised
// the same way, so `الحكمة` finds `الحِكْمَةُ` and `تأملات` finds `التأملات`. Title, author and tags
// hold the English and the Arabic ones.
import { normalizeSearchText, searchIndexText } from '@sahifa/contracts/search-text';
import { type Kysely, sql } from 'kysely';
import { engineOf } from './kysely.ts';
import type { Database } from './schema.ts';

/** The body (all page text) is indexed up to this many characters (PostgreSQL's tsvector is ≤ 1 MB). */
export const BODY_INDEX_MAX_CHARS = 150_000;

export interface SearchDocument {
  title: string;
  author: string;
  tags: string;
  about: string;
  body: string;
}

interface BookText {
  title: string;
  author: string;
  titleAr: string | null;
  authorAr: string | null;
  aboutBook: string;
  /** English and Arabic names. */
  tagNames: string[];
  /** Page fields in reading order (English pages, then Arabic). */
  pageTexts: string[];
}

export function buildSearchDocument(book: BookText): SearchDocument {
  const body = searchIndexText(book.pageTexts.filter((t) => t !== '').join('\n'));
  const both = (english: string, arabic: string | null) =>
    searchIndexText(arabic ? `${english}\n${arabic}` : english);
  return {
    title: both(book.title, book.titleAr),
    author: both(book.author, book.authorAr),
    tags: searchIndexText(book.tagNames.join('\n')),
    about: searchIndexText(book.aboutBook),
    body: body.length > BODY_INDEX_MAX_CHARS ? body.slice(0, BODY_INDEX_MAX_CHARS) : body,
  };
}

export const PAGE_TEXT_COLUMNS = [
  'header',
  'sub_header',
  'content1',
  'sub_header2',
  'content2',
  'sub_header3',
  'content3',
  'sub_header4',
  'content4',
] as const;

/** The book's text as stored now (call inside the transaction that changed it); null if it is gone. */
export async function loadBookText(db: Kysely<Database>, bookId: string): Promise<BookText | null> {
  const [book, tags, pages] = await Promise.all([
    db
      .selectFrom('book')
      .select(['title', 'author', 'title_ar', 'author_ar', 'about_book'])
      .where('id', '=', bookId)
      .executeTakeFirst(),
    db
      .selectFrom('book_tag')
      .innerJoin('tag', 'tag.id', 'book_tag.tag_id')
      .select(['tag.name', 'tag.name_ar'])
      .where('book_tag.book_id', '=', bookId)
      .orderBy('tag.name')
      .execute(),
    db
      .selectFrom('page')
      .select(PAGE_TEXT_COLUMNS)
      .where('book_id', '=', bookId)
      .orderBy('lang', 'desc') // 'en' before 'ar'
      .orderBy('order')
      .execute(),
  ]);
  if (!book) return null;
  return {
    title: book.title,
    author: book.author,
    titleAr: book.title_ar,
    authorAr: book.author_ar,
    aboutBook: book.about_book,
    tagNames: tags.flatMap((t) => (t.name_ar ? [t.name, t.name_ar] : [t.name])),
    pageTexts: pages.flatMap((p) => PAGE_TEXT_COLUMNS.map((c) => p[c])),
  };
}

/** Writes (or replaces) the book's entry from what is stored now. */
export async function indexBook(db: Kysely<Database>, bookId: string): Promise<void> {
  const text = await loadBookText(db, bookId);
  if (!text) {
    await removeBookFromIndex(db, bookId);
    return;
  }
  const doc = buildSearchDocument(text);
  if (engineOf(db) === 'postgres') {
    await sql`
      insert into book_search (book_id, title, author, tags, about, body)
      values (${bookId}, ${doc.title}, ${doc.author}, ${doc.tags}, ${doc.about}, ${doc.body})
      on conflict (book_id) do update set
        title = excluded.title, author = excluded.author, tags = excluded.tags,
        about = excluded.about, body = excluded.body`.execute(db);
    return;
  }
  // FTS5 has no upsert: replace the entry keyed by the book's rowid (a stale entry left by a
  // book deleted outside these functions is replaced too, instead of clashing).
  const row = await sql<{ rowid: number }>`select rowid from book where id = ${bookId}`.execute(db);
  const rowid = row.rows[0]?.rowid;
  if (rowid === undefined) return;
  await sql`delete from book_search where rowid = ${rowid}`.execute(db);
  await sql`
    insert into book_search (rowid, book_id, title, author, tags, about, body)
    values (${rowid}, ${bookId}, ${doc.title}, ${doc.author}, ${doc.tags}, ${doc.about}, ${doc.body})`.execute(
    db,
  );
}

/** Removes the book's entry; call BEFORE deleting the book row (SQLite finds it by the book's rowid). */
export async function removeBookFromIndex(db: Kysely<Database>, bookId: string): Promise<void> {
  if (engineOf(db) === 'postgres') {
    await sql`delete from book_search where book_id = ${bookId}`.execute(db);
    return;
  }
  await sql`delete from book_search where rowid = (select rowid from book where id = ${bookId})`.execute(db);
}

/** A display name as member search compares it: normalised like the query's words (search-text.ts). */
export function nameSearchText(name: string): string {
  return normalizeSearchText(name);
}

/** `name_search` from each member's name: every member's (`all`), or those who have none yet. */
async function indexMemberNames(db: Kysely<Database>, all: boolean): Promise<void> {
  let query = db.selectFrom('user').select(['id', 'name']);
  if (!all) query = query.where('name_search', 'is', null);
  const members = await query.execute();
  for (const { id, name } of members) {
    await db
      .updateTable('user')
      .set({ name_search: nameSearchText(name) })
      .where('id', '=', id)
      .execute();
  }
}

/** Indexes every book (the backfill below; also a repair tool). */
export async function reindexAllBooks(db: Kysely<Database>): Promise<number> {
  const ids = await db.selectFrom('book').select('id').execute();
  for (const { id } of ids) await indexBook(db, id);
  return ids.length;
}

/**
 * The version of what the index holds (buildSearchDocument and the normaliser). Raise it when
 * either changes: the next start rebuilds the index, instead of a migration importing live code.
 */
// 2: Arabic titles, authors and tag names; the Arabic definite article dropped.
// 3: members' names (user.name_search).
export const SEARCH_INDEX_VERSION = 3;
const VERSION_COUNTER = 'search_index_version';

/** Rebuilds the index, in one transaction, when it was built by another version (or never). */
export async function syncSearchIndex(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('counter')
      .select('value')
      .where('name', '=', VERSION_COUNTER)
      .executeTakeFirst();
    if (row && Number(row.value) === SEARCH_INDEX_VERSION) {
      // Members written by something that does not keep the column (a tool, an old import).
      await indexMemberNames(trx, false);
      return;
    }
    await reindexAllBooks(trx);
    await indexMemberNames(trx, true);
    await trx
      .insertInto('counter')
      .values({ name: VERSION_COUNTER, value: SEARCH_INDEX_VERSION })
      .onConflict((oc) => oc.column('name').doUpdateSet({ value: SEARCH_INDEX_VERSION }))
      .execute();
  });
}
