import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { normalizeSearchText } from '@sahifa/contracts/search-text';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createSearchRepository } from '#server/modules/search/search.repository.ts';
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
    expect(first).toEqual({ categories: 2, books: 2, tags: 3 });
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
    });
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
    expect(await search.searchBookIds([normalizeSearchText('الثانية')], 20)).toEqual(['test-one']);

    const second = await seedLibrary(t.db, { dataDir: t.dataDir, contentDir: FIXTURE_CONTENT_DIR });
    expect(second).toEqual({ categories: 0, books: 0, tags: 0 });
    expect(await count('book')).toBe(2);
    expect(await count('page')).toBe(6);
    expect(await count('tag')).toBe(3);
  });
});
