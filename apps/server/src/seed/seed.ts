// Loads the demo library into the database. Idempotent: categories, tags and books that already
// exist are left alone, except that Arabic titles, authors and tag names they lack are filled in
// (a library seeded before they existed gets them from `npm run seed`); the rows (and their
// search index entries and category counts) are written in one transaction, so a failure leaves
// nothing half-done. Covers go through the storage adapter under `covers/<file>`, with the cards'
// smaller copy as `covers/<name>-card.webp` (also made for demo books that lack one):
// DATA_DIR/uploads/covers by default, the bucket when S3 is configured.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { countBook } from '#server/db/book-counters.ts';
import { pageToRow } from '#server/db/page-fields.ts';
import type { Database } from '#server/db/schema.ts';
import { indexBook } from '#server/db/search-index.ts';
import { nowIso } from '#server/db/time.ts';
import { tagSlug } from '#server/kernel/tag-slug.ts';
import { DEFAULT_CONTENT_DIR } from '#server/paths.ts';
import { toWebpCoverCard, WEBP_CONTENT_TYPE } from '#server/storage/images.ts';
import { createLocalStorage } from '#server/storage/local-storage.ts';
import type { Storage } from '#server/storage/storage.ts';
import { loadContent } from './load-content.ts';

export const SEED_AUTHOR = 'Sahifa';

export interface SeedOptions {
  contentDir?: string;
  /** Where the covers go: the app's storage (createStorage(config))… */
  storage?: Storage;
  /** …or, without one, the local storage of this DATA_DIR. */
  dataDir?: string;
}

export interface SeedResult {
  categories: number;
  books: number;
  tags: number;
  /** Existing books and tags that were given their missing Arabic title, author or name. */
  translated: number;
}

const COVER_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
};

export async function isLibraryEmpty(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('category').select('id').limit(1).executeTakeFirst()) === undefined;
}

export async function seedLibrary(db: Kysely<Database>, options: SeedOptions): Promise<SeedResult> {
  const content = loadContent(options.contentDir ?? DEFAULT_CONTENT_DIR);

  const storage = options.storage ?? (options.dataDir ? createLocalStorage(options.dataDir) : null);
  if (!storage) throw new Error('seedLibrary needs a storage or a dataDir for the covers');

  // Covers of the books to add first, with the cards' smaller copy of each (also made for demo
  // books seeded before cards had one): a failed upload then stops the seed before any row
  // points at a missing object.
  const existing = new Map(
    (await db.selectFrom('book').select(['id', 'source', 'card_image']).execute()).map((r) => [r.id, r]),
  );
  const coverUrls = new Map<string, { bookImage: string; cardImage: string }>();
  const missingCards = new Map<string, string>();
  for (const { book, coverFile } of content.books) {
    const known = existing.get(book.id);
    if (known && (known.source !== 'official' || known.card_image !== null)) continue;
    const bytes = await readFile(coverFile);
    const card = await toWebpCoverCard(bytes);
    const cardKey = `covers/${path.parse(book.cover).name}-card.webp`;
    const { url: cardImage } = await storage.put(cardKey, card.bytes, WEBP_CONTENT_TYPE);
    if (known) {
      missingCards.set(book.id, cardImage);
      continue;
    }
    const type = COVER_TYPES[path.extname(book.cover).toLowerCase()] ?? 'application/octet-stream';
    const { url: bookImage } = await storage.put(`covers/${book.cover}`, bytes, type);
    coverUrls.set(book.id, { bookImage, cardImage });
  }

  return db.transaction().execute(async (trx) => {
    const result: SeedResult = { categories: 0, books: 0, tags: 0, translated: 0 };
    const addedAt = nowIso();

    const knownCategories = new Set(
      (await trx.selectFrom('category').select('id').execute()).map((r) => r.id),
    );
    for (const category of content.categories) {
      if (knownCategories.has(category.id)) continue;
      await trx
        .insertInto('category')
        .values({
          id: category.id,
          title: category.title,
          title_ar: category.titleAr,
          sort_order: category.sortOrder,
        })
        .execute();
      result.categories += 1;
    }

    const knownBooks = new Set((await trx.selectFrom('book').select('id').execute()).map((r) => r.id));
    const knownTags = new Set((await trx.selectFrom('tag').select('id').execute()).map((r) => r.id));
    const arabicTagNames = new Map(content.tags.map((t) => [tagSlug(t.name), t.nameAr]));
    /** Existing books whose searchable text changed: indexed again below. */
    const reindex = new Set<string>();

    // Arabic names the existing rows lack (only where null: nothing a later edit set is overwritten).
    for (const { book } of content.books) {
      if (!knownBooks.has(book.id)) continue;
      let changed = false;
      for (const [column, value] of [
        ['title_ar', book.titleAr],
        ['author_ar', book.authorAr],
      ] as const) {
        if (value === undefined) continue;
        const updated = await trx
          .updateTable('book')
          .set({ [column]: value })
          .where('id', '=', book.id)
          .where('source', '=', 'official')
          .where(column, 'is', null)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) > 0) changed = true;
      }
      if (changed) {
        reindex.add(book.id);
        result.translated += 1;
      }
    }
    for (const [id, nameAr] of arabicTagNames) {
      if (!knownTags.has(id)) continue;
      const updated = await trx
        .updateTable('tag')
        .set({ name_ar: nameAr })
        .where('id', '=', id)
        .where('name_ar', 'is', null)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) continue;
      result.translated += 1;
      const tagged = await trx.selectFrom('book_tag').select('book_id').where('tag_id', '=', id).execute();
      for (const { book_id } of tagged) reindex.add(book_id);
    }
    for (const bookId of reindex) await indexBook(trx, bookId);
    for (const [id, cardImage] of missingCards) {
      await trx
        .updateTable('book')
        .set({ card_image: cardImage })
        .where('id', '=', id)
        .where('card_image', 'is', null)
        .execute();
    }

    for (const { book } of content.books) {
      const cover = coverUrls.get(book.id);
      if (knownBooks.has(book.id) || cover === undefined) continue;
      await trx
        .insertInto('book')
        .values({
          id: book.id,
          category_id: book.categoryId,
          source: 'official',
          title: book.title,
          author: book.author,
          title_ar: book.titleAr ?? null,
          author_ar: book.authorAr ?? null,
          about_book: book.aboutBook,
          book_reference: book.bookReference,
          book_image: cover.bookImage,
          card_image: cover.cardImage,
          added_by: SEED_AUTHOR,
          added_at: addedAt,
          device_info: null,
          user_id: null,
        })
        .execute();
      await countBook(trx, { category_id: book.categoryId, source: 'official', user_id: null }, 1);
      await trx
        .insertInto('page')
        .values([
          ...book.pages.en.map((p) => pageToRow(book.id, 'en', p)),
          ...book.pages.ar.map((p) => pageToRow(book.id, 'ar', p)),
        ])
        .execute();

      const tags = new Map(book.tags.map((name) => [tagSlug(name), name]));
      for (const [id, name] of tags) {
        if (knownTags.has(id)) continue;
        await trx
          .insertInto('tag')
          .values({ id, name, name_ar: arabicTagNames.get(id) ?? null })
          .execute();
        knownTags.add(id);
        result.tags += 1;
      }
      if (tags.size > 0) {
        await trx
          .insertInto('book_tag')
          .values([...tags.keys()].map((tagId) => ({ book_id: book.id, tag_id: tagId })))
          .execute();
      }
      await indexBook(trx, book.id);
      result.books += 1;
    }
    return result;
  });
}
