import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { searchTerms } from '@sahifa/contracts/search-text';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createSearchRepository } from '#server/modules/search/search.repository.ts';
import { DEFAULT_CONTENT_DIR } from '#server/paths.ts';
import {
  createTestApp,
  engines,
  FIXTURE_CONTENT_DIR,
  makeTempDir,
  type TestApp,
} from '#server/test/test-app.ts';
import { ContentError, loadContent } from './load-content.ts';
import { isLibraryEmpty, seedLibrary } from './seed.ts';

describe('loadContent', () => {
  function brokenCopy(edit: (dir: string) => void): string {
    const dir = makeTempDir('sahifa-content-');
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    cpSync(FIXTURE_CONTENT_DIR, dir, { recursive: true });
    edit(dir);
    return dir;
  }

  it('names the file and field of invalid content', () => {
    const dir = brokenCopy((d) => {
      const file = path.join(d, 'books', 'test-one.json');
      const book = JSON.parse(readFileSync(file, 'utf8'));
      book.pages.en[0].header = '';
      writeFileSync(file, JSON.stringify(book));
    });
    expect(() => loadContent(dir)).toThrow(ContentError);
    expect(() => loadContent(dir)).toThrow(/books\/test-one\.json: pages\.en\.0\.header: must not be empty/);
  });

  it('rejects an unknown category and a missing cover', () => {
    const unknownCategory = brokenCopy((d) => {
      const file = path.join(d, 'books', 'test-two.json');
      writeFileSync(file, readFileSync(file, 'utf8').replace('"history"', '"poetry"'));
    });
    expect(() => loadContent(unknownCategory)).toThrow(/test-two\.json: categoryId "poetry"/);
    const missingCover = brokenCopy((d) => rmSync(path.join(d, 'covers', 'test-one.png')));
    expect(() => loadContent(missingCover)).toThrow(/test-one\.json: cover .*test-one\.png not found/);
  });
});

describe('the demo library', () => {
  it('gives every book an Arabic title and author, and every tag an Arabic name', () => {
    const content = loadContent(DEFAULT_CONTENT_DIR);
    const arabic = /^[\u0600-\u06FF\s]+$/;
    for (const { book } of content.books) {
      expect(book.titleAr, book.id).toMatch(arabic);
      expect(book.authorAr, book.id).toMatch(arabic);
    }
    const names = new Map(content.tags.map((t) => [t.name, t.nameAr]));
    for (const name of new Set(content.books.flatMap(({ book }) => book.tags))) {
      expect(names.get(name), name).toMatch(arabic);
    }
    expect(content.books.find(({ book }) => book.id === 'meditations')?.book).toMatchObject({
      titleAr: 'التأملات',
      authorAr: 'ماركوس أوريليوس',
    });
  });
});

/** A copy of the fixture content with Arabic titles for test-one and Arabic names for two tags. */
function arabicFixture(): string {
  const dir = makeTempDir('sahifa-content-');
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  cpSync(FIXTURE_CONTENT_DIR, dir, { recursive: true });
  const file = path.join(dir, 'books', 'test-one.json');
  const book = JSON.parse(readFileSync(file, 'utf8'));
  writeFileSync(file, JSON.stringify({ ...book, titleAr: 'الاختبار الأول', authorAr: 'مؤلف التجربة' }));
  writeFileSync(
    path.join(dir, 'tags.json'),
    JSON.stringify([
      { name: 'Stoicism', nameAr: 'الرواقية' },
      { name: 'Self-discipline', nameAr: 'الانضباط الذاتي' },
    ]),
  );
  return dir;
}

describe.each(engines)('seedLibrary on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  const count = async (table: 'category' | 'book' | 'tag' | 'page' | 'book_tag') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('loads categories, books, pages, tags and covers once; a second run adds nothing', async () => {
    expect(await isLibraryEmpty(t.db)).toBe(true);
    const first = await seedLibrary(t.db, { dataDir: t.dataDir, contentDir: FIXTURE_CONTENT_DIR });
    expect(first).toEqual({ categories: 2, books: 2, tags: 3, translated: 0 });
    expect(await isLibraryEmpty(t.db)).toBe(false);
    expect(await count('page')).toBe(6);
    expect(await count('book_tag')).toBe(4);
    expect(existsSync(path.join(t.dataDir, 'uploads', 'covers', 'test-one.png'))).toBe(true);

    const book = await t.db
      .selectFrom('book')
      .selectAll()
      .where('id', '=', 'test-one')
      .executeTakeFirstOrThrow();
    expect(book).toMatchObject({
      source: 'official',
      added_by: 'Sahifa',
      user_id: null,
      book_image: '/uploads/covers/test-one.png',
      card_image: '/uploads/covers/test-one-card.webp',
    });
    // The cards' copy of the cover: WebP, never wider than 360 px.
    const card = await sharp(path.join(t.dataDir, 'uploads', 'covers', 'test-one-card.webp')).metadata();
    expect(card.format).toBe('webp');
    expect(card.width).toBeLessThanOrEqual(360);
    const arPage = await t.db
      .selectFrom('page')
      .selectAll()
      .where('book_id', '=', 'test-one')
      .where('lang', '=', 'ar')
      .where('order', '=', 2)
      .executeTakeFirstOrThrow();
    expect(arPage.header).toBe('الصفحة الثانية');
    expect(arPage.content4).toBe('');

    // Seeded books are searchable at once (same transaction as their rows), Arabic included.
    const search = createSearchRepository(t.db);
    expect([...(await search.searchBookIds(['fixture'], 20))].sort()).toEqual(['test-one', 'test-two']);
    expect(await search.searchBookIds(searchTerms('الثانية'), 20)).toEqual(['test-one']);

    const second = await seedLibrary(t.db, { dataDir: t.dataDir, contentDir: FIXTURE_CONTENT_DIR });
    expect(second).toEqual({ categories: 0, books: 0, tags: 0, translated: 0 });
    expect(await count('book')).toBe(2);
    expect(await count('page')).toBe(6);
    expect(await count('tag')).toBe(3);
  });

  it("makes the cards' copy of the covers for demo books seeded before cards had one", async () => {
    const fresh = await createTestApp(engine);
    try {
      await seedLibrary(fresh.db, { dataDir: fresh.dataDir, contentDir: FIXTURE_CONTENT_DIR });
      const cardFile = path.join(fresh.dataDir, 'uploads', 'covers', 'test-one-card.webp');
      rmSync(cardFile);
      await fresh.db.updateTable('book').set({ card_image: null }).execute();

      const again = await seedLibrary(fresh.db, { dataDir: fresh.dataDir, contentDir: FIXTURE_CONTENT_DIR });
      expect(again).toEqual({ categories: 0, books: 0, tags: 0, translated: 0 });
      const cards = await fresh.db.selectFrom('book').select(['id', 'card_image']).orderBy('id').execute();
      expect(cards).toEqual([
        { id: 'test-one', card_image: '/uploads/covers/test-one-card.webp' },
        { id: 'test-two', card_image: '/uploads/covers/test-two-card.webp' },
      ]);
      expect(existsSync(cardFile)).toBe(true);
    } finally {
      await fresh.close();
    }
  });

  it('fills the Arabic titles and tag names that existing rows lack, and indexes them', async () => {
    const fresh = await createTestApp(engine);
    try {
      // A library seeded before Arabic titles existed…
      await seedLibrary(fresh.db, { dataDir: fresh.dataDir, contentDir: FIXTURE_CONTENT_DIR });
      const search = createSearchRepository(fresh.db);
      expect(await search.searchBookIds(searchTerms('الاختبار'), 20)).toEqual([]);
      // …gets them from the next seed, without touching anything else.
      const again = await seedLibrary(fresh.db, { dataDir: fresh.dataDir, contentDir: arabicFixture() });
      expect(again).toEqual({ categories: 0, books: 0, tags: 0, translated: 3 });
      const book = await fresh.db
        .selectFrom('book')
        .select(['title', 'title_ar', 'author_ar'])
        .where('id', '=', 'test-one')
        .executeTakeFirstOrThrow();
      expect(book).toEqual({ title: 'Test One', title_ar: 'الاختبار الأول', author_ar: 'مؤلف التجربة' });
      const tags = await fresh.db.selectFrom('tag').select(['id', 'name_ar']).orderBy('id').execute();
      expect(tags).toEqual([
        { id: 'empire', name_ar: null },
        { id: 'self-discipline', name_ar: 'الانضباط الذاتي' },
        { id: 'stoicism', name_ar: 'الرواقية' },
      ]);
      expect(await search.searchBookIds(searchTerms('الاختبار'), 20)).toEqual(['test-one']);
      expect([...(await search.searchBookIds(searchTerms('رواقية'), 20))].sort()).toEqual([
        'test-one',
        'test-two',
      ]);
      // Idempotent: nothing more to fill.
      const third = await seedLibrary(fresh.db, { dataDir: fresh.dataDir, contentDir: arabicFixture() });
      expect(third.translated).toBe(0);
    } finally {
      await fresh.close();
    }
  });

  it('gives new books and tags their Arabic names at once', async () => {
    const fresh = await createTestApp(engine);
    try {
      await seedLibrary(fresh.db, { dataDir: fresh.dataDir, contentDir: arabicFixture() });
      const book = await fresh.db
        .selectFrom('book')
        .select(['title_ar', 'author_ar'])
        .where('id', '=', 'test-one')
        .executeTakeFirstOrThrow();
      expect(book).toEqual({ title_ar: 'الاختبار الأول', author_ar: 'مؤلف التجربة' });
      const stoicism = await fresh.db
        .selectFrom('tag')
        .select('name_ar')
        .where('id', '=', 'stoicism')
        .executeTakeFirst();
      expect(stoicism?.name_ar).toBe('الرواقية');
    } finally {
      await fresh.close();
    }
  });
});
