import {
  bookPreviewSchema,
  bookReadingSchema,
  booksByCategorySchema,
  categoryBooksSchema,
  tagBooksSchema,
} from '@sahifa/contracts/books';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCursor } from '#server/kernel/cursor.ts';
import { seedLibrary } from '#server/seed/seed.ts';
import {
  call,
  countQueries,
  insertBook,
  insertUsers,
  pageText,
  signUpMember,
  type TestMember,
} from '#server/test/library-helpers.ts';
import { createTestApp, engines, FIXTURE_CONTENT_DIR, type TestApp } from '#server/test/test-app.ts';

/** Minute `n` after a fixed start, as the ISO text the tables hold. */
const at = (n: number) => new Date(Date.UTC(2024, 0, 1, 0, n)).toISOString();

describe.each(engines)('browsing, preview and reader on %s', (engine) => {
  let t: TestApp;
  let alice: TestMember;
  let bob: TestMember;

  beforeAll(async () => {
    t = await createTestApp(engine);
    await seedLibrary(t.db, { dataDir: t.dataDir, contentDir: FIXTURE_CONTENT_DIR });
    alice = await signUpMember(t.app, 'Alice');
    bob = await signUpMember(t.app, 'Bob');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses every reading endpoint when signed out', async () => {
    for (const url of [
      '/api/v1/books',
      '/api/v1/categories/philosophy/books',
      '/api/v1/tags/stoicism/books',
      '/api/v1/books/test-one',
      '/api/v1/books/test-one/read',
      // Bad input too: the missing session is reported first.
      '/api/v1/categories/philosophy/books?cursor=%%%',
    ]) {
      const res = await call(t.app, null, 'GET', url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json(), url).toEqual({
        error: { code: 'UNAUTHENTICATED', message: 'No authenticated user' },
      });
    }
  });

  it('documents the reading endpoints in the OpenAPI document', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const [path, method] of [
      ['/api/v1/books', 'get'],
      ['/api/v1/categories/{categoryId}/books', 'get'],
      ['/api/v1/tags/{tagId}/books', 'get'],
      ['/api/v1/books/{bookId}', 'get'],
      ['/api/v1/books/{bookId}/read', 'get'],
      ['/api/v1/books/{bookId}/progress', 'put'],
      ['/api/v1/books/{bookId}/finish', 'post'],
      ['/api/v1/books/{bookId}/bookmark', 'put'],
      ['/api/v1/me/library', 'get'],
      ['/api/v1/books/{bookId}/comments', 'post'],
      ['/api/v1/comments/{commentId}', 'delete'],
    ] as const) {
      expect(spec.paths[path]?.[method]?.summary, `${method} ${path}`).toEqual(expect.any(String));
    }
  });

  describe('categories', () => {
    beforeAll(async () => {
      await t.db
        .insertInto('category')
        .values({ id: 'poetry', title: 'Poetry', title_ar: 'الشعر', sort_order: 3 })
        .execute();
      // 30 books, three per minute (ties on added_at), official and member summaries mixed.
      for (let i = 0; i < 30; i += 1) {
        await insertBook(t.db, {
          id: `poem-${String(i).padStart(2, '0')}`,
          categoryId: 'poetry',
          addedAt: at(Math.floor(i / 3)),
          source: i % 2 === 0 ? 'official' : 'member',
          userId: i % 2 === 0 ? null : alice.id,
        });
      }
    });

    /** Newest first: added_at descending, then id descending. */
    const expectedPoetryOrder = () =>
      Array.from({ length: 30 }, (_, i) => ({
        id: `poem-${String(i).padStart(2, '0')}`,
        minute: Math.floor(i / 3),
      }))
        .sort((a, b) => b.minute - a.minute || (a.id < b.id ? 1 : -1))
        .map((b) => b.id);

    it('GET /books lists every category in order with its 12 newest books and its full count', async () => {
      const res = await call(t.app, alice, 'GET', '/api/v1/books');
      expect(res.statusCode).toBe(200);
      const body = booksByCategorySchema.parse(res.json());
      expect(body.categories.map((c) => [c.id, c.bookCount, c.books.length])).toEqual([
        ['philosophy', 1, 1],
        ['history', 1, 1],
        ['poetry', 30, 12],
      ]);
      const poetry = body.categories[2];
      expect(poetry?.titleAr).toBe('الشعر');
      expect(poetry?.books.map((b) => b.id)).toEqual(expectedPoetryOrder().slice(0, 12));
      expect(new Set(poetry?.books.map((b) => b.source))).toEqual(new Set(['official', 'member']));
      expect(body.categories[0]?.books[0]).toEqual({
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
    });

    it('pages a category newest first across pages, official and member merged, with no duplicates or gaps', async () => {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const query: string = cursor ? `?limit=7&cursor=${cursor}` : '?limit=7';
        const res = await call(t.app, bob, 'GET', `/api/v1/categories/poetry/books${query}`);
        expect(res.statusCode).toBe(200);
        const body = categoryBooksSchema.parse(res.json());
        expect(body.category).toEqual({ id: 'poetry', title: 'Poetry', titleAr: 'الشعر', bookCount: 30 });
        expect(body.books.length).toBeLessThanOrEqual(7);
        seen.push(...body.books.map((b) => b.id));
        cursor = body.nextCursor;
        pages += 1;
      } while (cursor && pages < 10);
      expect(pages).toBe(5);
      expect(seen).toEqual(expectedPoetryOrder());
    });

    it('uses 24 books a page by default and ends with a null cursor', async () => {
      const first = categoryBooksSchema.parse(
        (await call(t.app, bob, 'GET', '/api/v1/categories/poetry/books')).json(),
      );
      expect(first.books).toHaveLength(24);
      expect(first.nextCursor).toEqual(expect.any(String));
      const second = categoryBooksSchema.parse(
        (await call(t.app, bob, 'GET', `/api/v1/categories/poetry/books?cursor=${first.nextCursor}`)).json(),
      );
      expect(second.books).toHaveLength(6);
      expect(second.nextCursor).toBeNull();
      expect([...first.books, ...second.books].map((b) => b.id)).toEqual(expectedPoetryOrder());
    });

    it('keeps the next page stable when a newer book arrives between two requests', async () => {
      const first = categoryBooksSchema.parse(
        (await call(t.app, bob, 'GET', '/api/v1/categories/history/books?limit=1')).json(),
      );
      expect(first.books.map((b) => b.id)).toEqual(['test-two']);
      expect(first.nextCursor).toBeNull();

      await insertBook(t.db, { id: 'hist-old', categoryId: 'history', addedAt: at(0) });
      const page1 = categoryBooksSchema.parse(
        (await call(t.app, bob, 'GET', '/api/v1/categories/history/books?limit=1')).json(),
      );
      expect(page1.books.map((b) => b.id)).toEqual(['test-two']);
      await insertBook(t.db, { id: 'hist-new', categoryId: 'history', addedAt: new Date().toISOString() });
      const page2 = categoryBooksSchema.parse(
        (
          await call(t.app, bob, 'GET', `/api/v1/categories/history/books?limit=1&cursor=${page1.nextCursor}`)
        ).json(),
      );
      expect(page2.books.map((b) => b.id)).toEqual(['hist-old']);
      expect(page2.nextCursor).toBeNull();
    });

    it('answers 404 for an unknown category and 400 for a bad cursor or limit', async () => {
      const unknown = await call(t.app, alice, 'GET', '/api/v1/categories/nope/books');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error.code).toBe('CATEGORY_NOT_FOUND');

      for (const cursor of [
        'not-a-cursor!',
        Buffer.from('{"a":1}').toString('base64url'),
        encodeCursor(['only-one']),
        Buffer.from('[1,2]').toString('base64url'),
        'x'.repeat(201),
      ]) {
        const res = await call(t.app, alice, 'GET', `/api/v1/categories/poetry/books?cursor=${cursor}`);
        expect(res.statusCode, cursor).toBe(400);
        expect(res.json().error.message, cursor).toMatch(/cursor/i);
      }
      for (const limit of ['0', '51', '2.5', 'ten']) {
        const res = await call(t.app, alice, 'GET', `/api/v1/categories/poetry/books?limit=${limit}`);
        expect(res.statusCode, limit).toBe(400);
        expect(res.json().error.code).toBe('VALIDATION_ERROR');
      }
    });
  });

  describe('tags', () => {
    it('lists the books of a tag newest first, paged by cursor', async () => {
      // The fixture tags test-one and test-two with Stoicism; three more books share the tag.
      for (const [i, id] of ['stoic-a', 'stoic-b', 'stoic-c'].entries()) {
        await insertBook(t.db, { id, categoryId: 'philosophy', addedAt: at(100 + i), tags: ['stoicism'] });
      }
      const first = await call(t.app, alice, 'GET', '/api/v1/tags/stoicism/books?limit=3');
      expect(first.statusCode).toBe(200);
      const page1 = tagBooksSchema.parse(first.json());
      expect(page1.tag).toEqual({ id: 'stoicism', name: 'Stoicism', nameAr: null });
      // The two fixture books were seeded together "now" (a tie, broken by id), after the 2024 dates.
      expect(page1.books.map((b) => b.id)).toEqual(['test-two', 'test-one', 'stoic-c']);
      const page2 = tagBooksSchema.parse(
        (
          await call(t.app, alice, 'GET', `/api/v1/tags/stoicism/books?limit=3&cursor=${page1.nextCursor}`)
        ).json(),
      );
      expect(page2.books.map((b) => b.id)).toEqual(['stoic-b', 'stoic-a']);
      expect(page2.nextCursor).toBeNull();
    });

    it('answers 404 for an unknown tag and 400 for a bad cursor', async () => {
      const res = await call(t.app, alice, 'GET', '/api/v1/tags/no-such-tag/books');
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('TAG_NOT_FOUND');
      expect((await call(t.app, alice, 'GET', '/api/v1/tags/stoicism/books?cursor=@@')).statusCode).toBe(400);
    });
  });

  describe('preview', () => {
    it('shows an official book with its tags, page counts, empty state and no comments', async () => {
      const res = await call(t.app, alice, 'GET', '/api/v1/books/test-one');
      expect(res.statusCode).toBe(200);
      const body = bookPreviewSchema.parse(res.json());
      expect(body.category).toEqual({ id: 'philosophy', title: 'Philosophy', titleAr: 'الفلسفة' });
      expect(body.book).toMatchObject({
        id: 'test-one',
        categoryId: 'philosophy',
        title: 'Test One',
        author: 'Fixture Author',
        aboutBook: 'A fixture book for the server tests.',
        bookReference: 'Fixture Author, Test One. Public domain.',
        bookImage: '/uploads/covers/test-one.png',
        cardImage: '/uploads/covers/test-one-card.webp',
        source: 'official',
        averageRating: 0,
        ratingCount: 0,
        pageCounts: { en: 2, ar: 2 },
        addedBy: 'Sahifa',
        publisher: null,
        isMine: false,
      });
      expect(body.book.tags).toEqual([
        { id: 'self-discipline', name: 'Self-discipline', nameAr: null },
        { id: 'stoicism', name: 'Stoicism', nameAr: null },
      ]);
      expect(body.book).toMatchObject({ titleAr: null, authorAr: null });
      expect(body.state).toEqual({ bookmarked: false, progress: null, finishedAt: null });
      expect(body.comments).toEqual({ items: [], nextCursor: null, myReview: null });
    });

    it('carries the Arabic title, author and tag names to the preview, the reader and the cards', async () => {
      await t.db
        .updateTable('book')
        .set({ title_ar: 'الاختبار الأول', author_ar: 'مؤلف التجربة' })
        .where('id', '=', 'test-one')
        .execute();
      await t.db.updateTable('tag').set({ name_ar: 'الرواقية' }).where('id', '=', 'stoicism').execute();
      try {
        const preview = bookPreviewSchema.parse(
          (await call(t.app, alice, 'GET', '/api/v1/books/test-one')).json(),
        );
        expect(preview.book).toMatchObject({ titleAr: 'الاختبار الأول', authorAr: 'مؤلف التجربة' });
        expect(preview.book.tags).toContainEqual({ id: 'stoicism', name: 'Stoicism', nameAr: 'الرواقية' });
        const read = (await call(t.app, alice, 'GET', '/api/v1/books/test-one/read')).json();
        expect(read.book).toMatchObject({
          title: 'Test One',
          titleAr: 'الاختبار الأول',
          authorAr: 'مؤلف التجربة',
        });
        const tag = (await call(t.app, alice, 'GET', '/api/v1/tags/stoicism/books')).json();
        expect(tag.tag).toEqual({ id: 'stoicism', name: 'Stoicism', nameAr: 'الرواقية' });
        expect(tag.books.find((b: { id: string }) => b.id === 'test-one')).toMatchObject({
          titleAr: 'الاختبار الأول',
          authorAr: 'مؤلف التجربة',
        });
      } finally {
        await t.db
          .updateTable('book')
          .set({ title_ar: null, author_ar: null })
          .where('id', '=', 'test-one')
          .execute();
        await t.db.updateTable('tag').set({ name_ar: null }).where('id', '=', 'stoicism').execute();
      }
    });

    it("shows a member summary's publisher, isMine for its author only, and the Darker fallback name", async () => {
      await insertBook(t.db, {
        id: 'alice-book',
        categoryId: 'history',
        addedAt: at(5),
        source: 'member',
        userId: alice.id,
        enPages: 3,
        arPages: 0,
      });
      const mine = bookPreviewSchema.parse(
        (await call(t.app, alice, 'GET', '/api/v1/books/alice-book')).json(),
      );
      expect(mine.book.isMine).toBe(true);
      expect(mine.book.publisher).toEqual({
        userNumber: alice.userNumber,
        displayName: 'Alice',
        photoURL: null,
      });
      expect(mine.book.pageCounts).toEqual({ en: 3, ar: 0 });

      await t.db
        .updateTable('user')
        .set({ name: '', image: '/uploads/user_avatars/a' })
        .where('id', '=', alice.id)
        .execute();
      const theirs = bookPreviewSchema.parse(
        (await call(t.app, bob, 'GET', '/api/v1/books/alice-book')).json(),
      );
      expect(theirs.book.isMine).toBe(false);
      expect(theirs.book.publisher).toEqual({
        userNumber: alice.userNumber,
        displayName: 'Darker',
        photoURL: '/uploads/user_avatars/a',
      });
      await t.db.updateTable('user').set({ name: 'Alice', image: null }).where('id', '=', alice.id).execute();
    });

    it("shows the member's own state and the newest comments with their authors, not another member's state", async () => {
      expect((await call(t.app, alice, 'PUT', '/api/v1/books/test-two/bookmark')).statusCode).toBe(200);
      expect(
        (await call(t.app, alice, 'PUT', '/api/v1/books/test-two/progress', { pageNumber: 1 })).statusCode,
      ).toBe(200);
      expect(
        (await call(t.app, bob, 'POST', '/api/v1/books/test-two/comments', { rating: 5, comment: 'Lovely' }))
          .statusCode,
      ).toBe(201);
      expect(
        (await call(t.app, alice, 'POST', '/api/v1/books/test-two/comments', { rating: 2 })).statusCode,
      ).toBe(201);

      const forAlice = bookPreviewSchema.parse(
        (await call(t.app, alice, 'GET', '/api/v1/books/test-two')).json(),
      );
      expect(forAlice.state).toEqual({
        bookmarked: true,
        progress: { pageNumber: 1, updatedAt: expect.any(String) },
        finishedAt: null,
      });
      expect(forAlice.book).toMatchObject({ averageRating: 3.5, ratingCount: 2 });
      expect(
        forAlice.comments.items.map((c) => [c.author.displayName, c.rating, c.comment, c.isMine]),
      ).toEqual([
        ['Alice', 2, '', true],
        ['Bob', 5, 'Lovely', false],
      ]);
      expect(forAlice.comments.items[1]?.author.userNumber).toBe(bob.userNumber);

      const forBob = bookPreviewSchema.parse(
        (await call(t.app, bob, 'GET', '/api/v1/books/test-two')).json(),
      );
      expect(forBob.state).toEqual({ bookmarked: false, progress: null, finishedAt: null });
    });

    it('answers 404 for an unknown book', async () => {
      const res = await call(t.app, alice, 'GET', '/api/v1/books/no-such-book');
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({ code: 'BOOK_NOT_FOUND', message: 'This book does not exist.' });
    });
  });

  describe('cost', () => {
    it('answers each screen with the same few queries, however many books, tags, pages and comments', async () => {
      await t.db
        .insertInto('tag')
        .values(Array.from({ length: 6 }, (_, i) => ({ id: `cost-${i}`, name: `Cost ${i}` })))
        .execute();
      await t.db
        .insertInto('category')
        .values({ id: 'cost-small', title: 'Small', title_ar: 'صغير', sort_order: 9 })
        .execute();
      await insertBook(t.db, { id: 'small', categoryId: 'cost-small', addedAt: at(1), tags: ['cost-0'] });
      await insertBook(t.db, {
        id: 'big',
        categoryId: 'poetry',
        addedAt: at(2),
        enPages: 40,
        arPages: 40,
        tags: Array.from({ length: 6 }, (_, i) => `cost-${i}`),
      });
      // One review per member and book: Alice, Bob and 23 more readers review the big one.
      const readers = Array.from({ length: 23 }, (_, i) => `cost-reader-${i}`);
      await insertUsers(
        t.db,
        engine,
        readers.map((id, i) => ({ id, number: 700_000 + i })),
      );
      const reviewers = [alice.id, bob.id, ...readers];
      await t.db
        .insertInto('book_comment')
        .values([
          { id: 'small-c', book_id: 'small', user_id: bob.id, rating: 3, comment: 'ok', date: at(3) },
          ...Array.from({ length: 25 }, (_, i) => ({
            id: `big-c-${i}`,
            book_id: 'big',
            user_id: reviewers[i] as string,
            rating: 4,
            comment: `c${i}`,
            date: at(10 + i),
          })),
        ])
        .execute();

      const cost = (url: string) =>
        countQueries(engine, async () => {
          const res = await call(t.app, alice, 'GET', url);
          expect(res.statusCode, url).toBe(200);
        });
      const pairs: [string, string][] = [
        ['/api/v1/books/small', '/api/v1/books/big'],
        ['/api/v1/books/small/read', '/api/v1/books/big/read'],
        ['/api/v1/books/small/comments', '/api/v1/books/big/comments'],
        ['/api/v1/categories/cost-small/books', '/api/v1/categories/poetry/books'],
        ['/api/v1/tags/cost-5/books', '/api/v1/tags/cost-0/books'],
      ];
      for (const [small, big] of pairs) {
        const [few, many] = [await cost(small), await cost(big)];
        expect(many, big).toBe(few);
        // The session lookup plus a handful of set queries (nothing is remembered in these tests:
        // the preview's book, tags, page counts and reviews are read each time here).
        expect(few, small).toBeLessThanOrEqual(7);
        expect(few, small).toBeGreaterThan(1);
      }
      // Every category's newest books: the categories, then one query for all their books.
      expect(await cost('/api/v1/books')).toBeLessThanOrEqual(4);
    });
  });

  describe('reader', () => {
    it("returns both languages' pages in order, and the state", async () => {
      const res = await call(t.app, bob, 'GET', '/api/v1/books/test-one/read');
      expect(res.statusCode).toBe(200);
      const body = bookReadingSchema.parse(res.json());
      expect(body.book).toEqual({
        id: 'test-one',
        categoryId: 'philosophy',
        title: 'Test One',
        author: 'Fixture Author',
        titleAr: null,
        authorAr: null,
        bookImage: '/uploads/covers/test-one.png',
      });
      expect(body.pages.en.map((p) => p.header)).toEqual(['Page one', 'Page two']);
      expect(body.pages.ar.map((p) => p.header)).toEqual(['الصفحة الأولى', 'الصفحة الثانية']);
      expect(body.pages.en[1]).toEqual({
        order: 2,
        header: 'Page two',
        subHeader: '',
        content1: 'Second page.',
        subHeader2: 'More',
        content2: 'Even more.',
        subHeader3: '',
        content3: '',
        subHeader4: '',
        content4: '',
      });
      expect(body.state).toEqual({ bookmarked: false, progress: null, finishedAt: null });
    });

    it('orders pages by `order`, not by insertion, and says when a language is missing', async () => {
      await insertBook(t.db, {
        id: 'shuffled',
        categoryId: 'history',
        addedAt: at(7),
        enPages: 0,
        arPages: 0,
      });
      await t.db
        .insertInto('page')
        .values(
          [3, 1, 10, 2].map((order) => ({
            book_id: 'shuffled',
            lang: 'en' as const,
            order,
            ...pageText(`p${order}`),
          })),
        )
        .execute();
      const body = bookReadingSchema.parse(
        (await call(t.app, bob, 'GET', '/api/v1/books/shuffled/read')).json(),
      );
      expect(body.pages.en.map((p) => p.order)).toEqual([1, 2, 3, 10]);
      expect(body.pages.ar).toEqual([]);
    });

    it('answers 404 for an unknown book', async () => {
      const res = await call(t.app, bob, 'GET', '/api/v1/books/nope/read');
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('BOOK_NOT_FOUND');
    });
  });
});
