// Remembered library lists, book texts and previews (LibraryService.shared, docs/decisions/010-caching.md): each write
// that changes a list is visible in the very next read on this instance; a change written by
// another instance (straight into the database here) shows within LIBRARY_CACHE_SECONDS.

import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { libraryOverviewSchema } from '@sahifa/contracts';
import {
  bookPreviewSchema,
  bookReadingSchema,
  booksByCategorySchema,
  categoryBooksSchema,
} from '@sahifa/contracts/books';
import { searchResultsSchema } from '@sahifa/contracts/search';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedLibrary } from '#server/seed/seed.ts';
import {
  call,
  callMultipart,
  insertBook,
  signUpMember,
  type TestMember,
} from '#server/test/library-helpers.ts';
import { createTestApp, engines, FIXTURE_CONTENT_DIR, type TestApp } from '#server/test/test-app.ts';

describe.each(engines)('remembered library lists on %s', (engine) => {
  let t: TestApp;
  let member: TestMember;

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { LIBRARY_CACHE_SECONDS: '10' } });
    await seedLibrary(t.db, { dataDir: t.dataDir, contentDir: FIXTURE_CONTENT_DIR });
    member = await signUpMember(t.app, 'Lamp Reader');
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const get = async (url: string) => {
    const res = await call(t.app, member, 'GET', url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const category = async () => categoryBooksSchema.parse(await get('/api/v1/categories/philosophy/books'));
  const lists = async () => ({
    overview: libraryOverviewSchema.parse(await get('/api/v1/library/overview')),
    books: booksByCategorySchema.parse(await get('/api/v1/books')),
    category: await category(),
    search: searchResultsSchema.parse(await get('/api/v1/search?q=lanternkeeper')),
  });
  const philosophyCount = (overview: { categories: { id: string; bookCount: number }[] }) =>
    overview.categories.find((c) => c.id === 'philosophy')?.bookCount;
  /** Publishes (POST) or rewrites (PUT) a one-page summary. */
  const sendSummary = (method: 'POST' | 'PUT', url: string, title: string, page: string) =>
    callMultipart(t.app, member, method, url, {
      data: JSON.stringify({
        title,
        author: 'Amina Test',
        categoryId: 'philosophy',
        tags: [],
        aboutBook: 'About keeping a light.',
        bookReference: 'Amina Test, 2024.',
        enPages: [{ order: 1, header: 'First', content1: page }],
        arPages: [],
      }),
    });

  it('a published, rated and deleted summary is in every list at once', async () => {
    const before = await lists();
    expect(before.search.books).toEqual([]);

    const published = await sendSummary('POST', '/api/v1/books', 'Lanternkeeper', 'The first page.');
    expect(published.statusCode, published.body).toBe(201);
    const { id } = published.json();

    const after = await lists();
    expect(philosophyCount(after.overview)).toBe((philosophyCount(before.overview) ?? 0) + 1);
    expect(after.books.categories.find((c) => c.id === 'philosophy')?.books[0]?.id).toBe(id);
    expect(after.category.books[0]?.id).toBe(id);
    expect(after.search.books.map((b) => b.id)).toEqual([id]);

    const rated = await call(t.app, member, 'POST', `/api/v1/books/${id}/comments`, {
      rating: 4,
      comment: 'Bright.',
    });
    expect(rated.statusCode, rated.body).toBe(201);
    expect((await category()).books[0]).toMatchObject({ id, averageRating: 4, ratingCount: 1 });

    expect((await call(t.app, member, 'DELETE', `/api/v1/books/${id}`)).statusCode).toBe(204);
    const gone = await lists();
    expect(philosophyCount(gone.overview)).toBe(philosophyCount(before.overview));
    expect(gone.category.books.map((b) => b.id)).not.toContain(id);
    expect(gone.search.books).toEqual([]);
  });

  it('a remembered list is sent as the same bytes with its ETag until a change, then afresh', async () => {
    const urls = [
      '/api/v1/library/overview',
      '/api/v1/books',
      '/api/v1/categories/philosophy/books',
      '/api/v1/search?q=lamp',
    ];
    const read = (url: string, etag?: string) =>
      t.app.inject({
        method: 'GET',
        url,
        headers: { cookie: member.cookie, ...(etag ? { 'if-none-match': etag } : {}) },
      });
    const before = new Map<string, { body: string; etag: string }>();
    for (const url of urls) {
      const [first, second] = [await read(url), await read(url)];
      expect(first.statusCode, url).toBe(200);
      expect(first.headers['content-type'], url).toBe('application/json; charset=utf-8');
      // Kept by the browser but asked about each time; a member's lists by that browser alone.
      expect(first.headers['cache-control'], url).toBe(url === urls[0] ? 'no-cache' : 'private, no-cache');
      expect(second.body, url).toBe(first.body);
      expect(second.headers.etag, url).toBe(first.headers.etag);
      const etag = first.headers.etag as string;
      const unchanged = await read(url, etag);
      expect(unchanged.statusCode, url).toBe(304);
      expect(unchanged.body, url).toBe('');
      before.set(url, { body: first.body, etag });
    }

    const published = await sendSummary('POST', '/api/v1/books', 'Lamp of Bytes', 'The first page.');
    expect(published.statusCode, published.body).toBe(201);
    const { id } = published.json();
    for (const url of urls) {
      const { body, etag } = before.get(url) ?? { body: '', etag: '' };
      const after = await read(url, etag);
      expect(after.statusCode, url).toBe(200);
      expect(after.headers.etag, url).not.toBe(etag);
      expect(after.body, url).not.toBe(body);
      // The overview shows the new count; the lists show the new book itself.
      if (url !== urls[0]) expect(after.body, url).toContain(id);
    }
    expect((await call(t.app, member, 'DELETE', `/api/v1/books/${id}`)).statusCode).toBe(204);
  });

  it('a remembered list is sent compressed as the browser asks, the same answer in each encoding', async () => {
    const read = (url: string, encoding?: string) =>
      t.app.inject({
        method: 'GET',
        url,
        headers: { cookie: member.cookie, ...(encoding ? { 'accept-encoding': encoding } : {}) },
      });
    const decoded = {
      br: (bytes: Buffer) => brotliDecompressSync(bytes).toString(),
      gzip: (bytes: Buffer) => gunzipSync(bytes).toString(),
    };
    // Enough books for the lists to pass the 1 KB below which answers go uncompressed.
    const added: string[] = [];
    for (const title of ['Lamp One', 'Lamp Two', 'Lamp Three', 'Lamp Four']) {
      const published = await sendSummary('POST', '/api/v1/books', title, 'The first page.');
      expect(published.statusCode, published.body).toBe(201);
      added.push(published.json().id);
    }
    const small = await read('/api/v1/library/overview', 'br');
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();

    for (const url of ['/api/v1/books', '/api/v1/categories/philosophy/books']) {
      const plain = await read(url);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      for (const [asked, encoding] of [
        ['gzip, deflate, br, zstd', 'br'],
        ['gzip, deflate', 'gzip'],
      ] as const) {
        const [first, second] = [await read(url, asked), await read(url, asked)];
        expect(first.headers['content-encoding'], `${url} ${asked}`).toBe(encoding);
        expect(first.headers.vary, url).toBe('accept-encoding');
        expect(first.headers.etag, url).toBe(plain.headers.etag);
        expect(decoded[encoding](first.rawPayload), `${url} ${asked}`).toBe(plain.body);
        expect(second.rawPayload.equals(first.rawPayload), url).toBe(true);
      }
      expect((await read(url, 'identity')).body, url).toBe(plain.body);
    }

    // A change is sent compressed afresh.
    const before = decoded.br((await read('/api/v1/books', 'br')).rawPayload);
    const published = await sendSummary('POST', '/api/v1/books', 'Lamp of Brotli', 'The first page.');
    expect(published.statusCode, published.body).toBe(201);
    const { id } = published.json();
    const after = decoded.br((await read('/api/v1/books', 'br')).rawPayload);
    expect(after).not.toBe(before);
    expect(booksByCategorySchema.parse(JSON.parse(after)).categories[0]?.books.map((b) => b.id)).toContain(
      id,
    );
    for (const book of [...added, id]) {
      expect((await call(t.app, member, 'DELETE', `/api/v1/books/${book}`)).statusCode).toBe(204);
    }
  });

  it("a summary's rewritten page shows in the reader at once, and a deleted summary is gone", async () => {
    const published = await sendSummary('POST', '/api/v1/books', 'Second Lamp', 'The first page.');
    expect(published.statusCode, published.body).toBe(201);
    const { id } = published.json();
    const firstPage = async () => bookReadingSchema.parse(await get(`/api/v1/books/${id}/read`)).pages.en[0];
    expect(await firstPage()).toMatchObject({ content1: 'The first page.' });

    const rewritten = await sendSummary('PUT', `/api/v1/books/${id}`, 'Second Lamp', 'The page, rewritten.');
    expect(rewritten.statusCode, rewritten.body).toBe(200);
    expect(await firstPage()).toMatchObject({ content1: 'The page, rewritten.' });

    expect((await call(t.app, member, 'DELETE', `/api/v1/books/${id}`)).statusCode).toBe(204);
    expect((await call(t.app, member, 'GET', `/api/v1/books/${id}/read`)).statusCode).toBe(404);
  });

  it("saving progress and bookmarks follow a summary's pages and its deletion at once", async () => {
    const published = await sendSummary('POST', '/api/v1/books', 'Third Lamp', 'The only page.');
    expect(published.statusCode, published.body).toBe(201);
    const { id } = published.json();
    const saveProgress = (pageNumber: number) =>
      call(t.app, member, 'PUT', `/api/v1/books/${id}/progress`, { pageNumber, lang: 'en' });
    expect((await saveProgress(1)).statusCode).toBe(200);
    const beyond = await saveProgress(2);
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().error.message).toBe('This book has 1 page; page 2 does not exist.');

    const twoPages = await callMultipart(t.app, member, 'PUT', `/api/v1/books/${id}`, {
      data: JSON.stringify({
        title: 'Third Lamp',
        author: 'Amina Test',
        categoryId: 'philosophy',
        tags: [],
        aboutBook: 'About keeping a light.',
        bookReference: 'Amina Test, 2024.',
        enPages: [
          { order: 1, header: 'First', content1: 'The first page.' },
          { order: 2, header: 'Second', content1: 'The second page.' },
        ],
        arPages: [],
      }),
    });
    expect(twoPages.statusCode, twoPages.body).toBe(200);
    expect((await saveProgress(2)).statusCode).toBe(200);

    expect((await call(t.app, member, 'DELETE', `/api/v1/books/${id}`)).statusCode).toBe(204);
    expect((await saveProgress(1)).statusCode).toBe(404);
    expect((await call(t.app, member, 'PUT', `/api/v1/books/${id}/bookmark`)).statusCode).toBe(404);
  });

  it("a new review, a changed name and a deleted review show in the book's preview at once", async () => {
    const reviewer = await signUpMember(t.app, 'Early Reviewer');
    const preview = async () => bookPreviewSchema.parse(await get('/api/v1/books/test-one'));
    const authors = async () => (await preview()).comments.items.map((c) => c.author.displayName);
    expect(await authors()).toEqual([]);

    const rated = await call(t.app, reviewer, 'POST', '/api/v1/books/test-one/comments', {
      rating: 5,
      comment: 'Steady.',
    });
    expect(rated.statusCode, rated.body).toBe(201);
    expect(await authors()).toEqual(['Early Reviewer']);
    expect((await get('/api/v1/books/test-one/comments')).rating).toEqual({
      averageRating: 5,
      ratingCount: 1,
    });

    const renamed = await callMultipart(t.app, reviewer, 'PATCH', '/api/v1/me/profile', {
      data: JSON.stringify({ displayName: 'Later Reviewer' }),
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await authors()).toEqual(['Later Reviewer']);

    // The member's own review is theirs alone, though the page is shared.
    const own = await call(t.app, member, 'POST', '/api/v1/books/test-one/comments', { rating: 3 });
    expect(own.statusCode, own.body).toBe(201);
    const mine = await preview();
    expect(mine.comments.myReview).toMatchObject({ rating: 3, isMine: true });
    expect(mine.comments.items.map((c) => c.isMine)).toEqual([true, false]);
    const theirs = bookPreviewSchema.parse(
      (await call(t.app, reviewer, 'GET', '/api/v1/books/test-one')).json(),
    );
    expect(theirs.comments.myReview).toMatchObject({ rating: 5, isMine: true });
    expect(theirs.comments.items.map((c) => c.isMine)).toEqual([false, true]);

    const { id } = rated.json().comment;
    expect((await call(t.app, reviewer, 'DELETE', `/api/v1/comments/${id}`)).statusCode).toBe(200);
    expect(await authors()).toEqual(['Lamp Reader']);
  });

  it('search finds a member who has just joined, by the name and bio they have now, at once', async () => {
    const found = async (q: string) =>
      searchResultsSchema.parse(await get(`/api/v1/search?q=${encodeURIComponent(q)}`)).members;
    const names = async (q: string) => (await found(q)).map((m) => m.displayName);
    expect(await names('wickmaker')).toEqual([]);

    const joined = await signUpMember(t.app, 'Wickmaker Hana');
    expect(await names('wickmaker')).toEqual(['Wickmaker Hana']);
    expect(await names('candlewright')).toEqual([]);

    const renamed = await callMultipart(t.app, joined, 'PATCH', '/api/v1/me/profile', {
      data: JSON.stringify({ displayName: 'Candlewright Hana', bio: 'Trims wicks.' }),
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await names('wickmaker')).toEqual([]);
    expect(await found('candlewright')).toMatchObject([
      { userNumber: joined.userNumber, displayName: 'Candlewright Hana', bio: 'Trims wicks.' },
    ]);
  });

  it("another instance's change shows within LIBRARY_CACHE_SECONDS", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const before = await category();
    await insertBook(t.db, {
      id: 'written-elsewhere',
      categoryId: 'philosophy',
      addedAt: new Date().toISOString(),
    });
    expect((await category()).books).toEqual(before.books);
    vi.setSystemTime(Date.now() + 10_001);
    expect((await category()).books[0]?.id).toBe('written-elsewhere');
  });

  it('a member renamed by another instance is found by the new name within LIBRARY_CACHE_SECONDS', async () => {
    const renamed = await signUpMember(t.app, 'Oilpress Salim');
    const names = async (q: string) =>
      searchResultsSchema.parse(await get(`/api/v1/search?q=${q}`)).members.map((m) => m.displayName);
    expect(await names('salim')).toEqual(['Oilpress Salim']);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    await t.db
      .updateTable('user')
      .set({ name: 'Oilpress Salma', name_search: 'oilpress salma' })
      .where('id', '=', renamed.id)
      .execute();
    expect(await names('salim')).toEqual(['Oilpress Salim']);
    vi.setSystemTime(Date.now() + 10_001);
    expect(await names('salim')).toEqual([]);
  });
});
