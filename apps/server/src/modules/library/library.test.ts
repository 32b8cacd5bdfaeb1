import { libraryOverviewSchema } from '@sahifa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLibrary } from '#server/seed/seed.ts';
import { createTestApp, engines, FIXTURE_CONTENT_DIR, type TestApp } from '#server/test/test-app.ts';

describe.each(engines)('GET /api/v1/library/overview on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is empty before the library is loaded', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/library/overview' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ categories: [], featuredBooks: [] });
  });

  it('lists categories in order with book counts, and featured official books as cards', async () => {
    await seedLibrary(t.db, { dataDir: t.dataDir, contentDir: FIXTURE_CONTENT_DIR });
    await t.db
      .updateTable('book')
      .set({ rating_count: 2, rating_sum: 7 })
      .where('id', '=', 'test-two')
      .execute();

    const res = await t.app.inject({ method: 'GET', url: '/api/v1/library/overview' });
    expect(res.statusCode).toBe(200);
    const body = libraryOverviewSchema.parse(res.json());
    expect(body.categories).toEqual([
      { id: 'philosophy', title: 'Philosophy', titleAr: 'الفلسفة', bookCount: 1 },
      { id: 'history', title: 'History', titleAr: 'التاريخ', bookCount: 1 },
    ]);
    expect(body.featuredBooks.map((b) => b.id)).toEqual(['test-one', 'test-two']);
    expect(body.featuredBooks[0]).toEqual({
      id: 'test-one',
      categoryId: 'philosophy',
      title: 'Test One',
      author: 'Fixture Author',
      titleAr: null,
      authorAr: null,
      bookImage: '/uploads/covers/test-one.png',
      cardImage: '/uploads/covers/test-one-card.webp',
      source: 'official',
      averageRating: 0,
      ratingCount: 0,
    });
    expect(body.featuredBooks[1]).toMatchObject({ averageRating: 3.5, ratingCount: 2 });
  });

  it('serves the seeded cover under /uploads with long-lived caching', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/uploads/covers/test-one.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const missing = await t.app.inject({
      method: 'GET',
      url: '/uploads/covers/nope.png',
      headers: { accept: 'text/html' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('NOT_FOUND');
  });

  it('answers a browser that has the current overview with a bodiless 304, and a changed one in full', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/v1/library/overview' });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/v1/library/overview',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await t.db
      .updateTable('book')
      .set({ rating_count: 3, rating_sum: 12 })
      .where('id', '=', 'test-two')
      .execute();
    const changed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/library/overview',
      headers: { 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });
});
