// Loads the demo library into the database. Idempotent: categories, tags and books that already
// exist are left alone; the whole run is one transaction, so a failure leaves nothing half-done.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database, NewPage } from '../db/schema.ts';
import { nowIso } from '../db/time.ts';
import { uploadsDir } from '../http/uploads.ts';
import { DEFAULT_CONTENT_DIR } from '../paths.ts';
import type { ContentPage } from './content-schema.ts';
import { loadContent } from './load-content.ts';

export const SEED_AUTHOR = 'Sahifa';

export interface SeedOptions {
  dataDir: string;
  contentDir?: string;
}

export interface SeedResult {
  categories: number;
  books: number;
  tags: number;
}

/** "Self-discipline" → "self-discipline"; names without Latin letters get a stable hash id. */
export function tagSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || `tag-${createHash('sha256').update(name).digest('hex').slice(0, 10)}`;
}

function toPageRow(bookId: string, lang: 'en' | 'ar', page: ContentPage): NewPage {
  return {
    book_id: bookId,
    lang,
    order: page.order,
    header: page.header,
    sub_header: page.subHeader,
    content1: page.content1,
    sub_header2: page.subHeader2,
    content2: page.content2,
    sub_header3: page.subHeader3,
    content3: page.content3,
    sub_header4: page.subHeader4,
    content4: page.content4,
  };
}

export async function isLibraryEmpty(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('category').select('id').limit(1).executeTakeFirst()) === undefined;
}

export async function seedLibrary(db: Kysely<Database>, options: SeedOptions): Promise<SeedResult> {
  const content = loadContent(options.contentDir ?? DEFAULT_CONTENT_DIR);

  // Covers first: a failed copy then stops the seed before any row points at a missing file.
  const coversDir = path.join(uploadsDir(options.dataDir), 'covers');
  mkdirSync(coversDir, { recursive: true });
  for (const { book, coverFile } of content.books) {
    const target = path.join(coversDir, book.cover);
    if (!existsSync(target)) copyFileSync(coverFile, target);
  }

  return db.transaction().execute(async (trx) => {
    const result: SeedResult = { categories: 0, books: 0, tags: 0 };
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
    for (const { book } of content.books) {
      if (knownBooks.has(book.id)) continue;
      await trx
        .insertInto('book')
        .values({
          id: book.id,
          category_id: book.categoryId,
          source: 'official',
          title: book.title,
          author: book.author,
          about_book: book.aboutBook,
          book_reference: book.bookReference,
          book_image: `/uploads/covers/${book.cover}`,
          added_by: SEED_AUTHOR,
          added_at: addedAt,
          device_info: null,
          user_id: null,
        })
        .execute();
      await trx
        .insertInto('page')
        .values([
          ...book.pages.en.map((p) => toPageRow(book.id, 'en', p)),
          ...book.pages.ar.map((p) => toPageRow(book.id, 'ar', p)),
        ])
        .execute();

      const tags = new Map(book.tags.map((name) => [tagSlug(name), name]));
      for (const [id, name] of tags) {
        if (knownTags.has(id)) continue;
        await trx.insertInto('tag').values({ id, name }).execute();
        knownTags.add(id);
        result.tags += 1;
      }
      if (tags.size > 0) {
        await trx
          .insertInto('book_tag')
          .values([...tags.keys()].map((tagId) => ({ book_id: book.id, tag_id: tagId })))
          .execute();
      }
      result.books += 1;
    }
    return result;
  });
}
