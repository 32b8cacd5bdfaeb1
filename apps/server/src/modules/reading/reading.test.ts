import { bookReadingSchema, myLibrarySchema } from '@sahifa/contracts/books';
import { bookmarkStateSchema, finishedSchema, progressSchema } from '@sahifa/contracts/library';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLibrary } from '#server/seed/seed.ts';
import {
  call,
  countQueries,
  countRows,
  insertBook,
  signUpMember,
  type TestMember,
} from '#server/test/library-helpers.ts';
import { createTestApp, engines, FIXTURE_CONTENT_DIR, type TestApp } from '#server/test/test-app.ts';

const at = (n: number) => new Date(Date.UTC(2024, 0, 1, 0, n)).toISOString();

/** Lists are newest first by a millisecond date: each write here gets a millisecond of its own. */
const nextMillisecond = () => new Promise((resolve) => setTimeout(resolve, 2));

describe.each(engines)('progress, finishing, bookmarks and My Library on %s', (engine) => {
  let t: TestApp;
  let alice: TestMember;
  let bob: TestMember;

  beforeAll(async () => {
    t = await createTestApp(engine);
    await seedLibrary(t.db, { dataDir: t.dataDir, contentDir: FIXTURE_CONTENT_DIR });
    alice = await signUpMember(t.app, 'Alice');
    bob = await signUpMember(t.app, 'Bob');
    // English 2 pages, Arabic 4: "page N of M" counts the longer language.
    await insertBook(t.db, { id: 'long-ar', categoryId: 'history', addedAt: at(1), enPages: 2, arPages: 4 });
  });
  afterAll(async () => {
    await t?.close();
  });

  const progressOf = (member: TestMember, bookId: string) =>
    t.db
      .selectFrom('reading_progress')
      .selectAll()
      .where('user_id', '=', member.id)
      .where('book_id', '=', bookId)
      .executeTakeFirst();

  it('refuses every endpoint when signed out, before looking at the input', async () => {
    const requests: [Parameters<typeof call>[2], string, unknown?][] = [
      ['PUT', '/api/v1/books/test-one/progress', { pageNumber: 1 }],
      ['PUT', '/api/v1/books/test-one/progress', { pageNumber: 0 }],
      ['POST', '/api/v1/books/test-one/finish'],
      ['GET', '/api/v1/books/test-one/bookmark'],
      ['PUT', '/api/v1/books/test-one/bookmark'],
      ['DELETE', '/api/v1/books/test-one/bookmark'],
      ['GET', '/api/v1/me/library'],
    ];
    for (const [method, url, payload] of requests) {
      const res = await call(t.app, null, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().error.message).toBe('No authenticated user');
    }
    const rows = await t.db.selectFrom('reading_progress').select('user_id').execute();
    expect(rows).toEqual([]);
  });

  describe('progress', () => {
    it('saves the page per member and book, with the book’s category, and moves it on the next save', async () => {
      const res = await call(t.app, alice, 'PUT', '/api/v1/books/test-one/progress', { pageNumber: 2 });
      expect(res.statusCode).toBe(200);
      const body = progressSchema.parse(res.json());
      expect(body.pageNumber).toBe(2);
      expect(new Date(body.updatedAt ?? '').toISOString()).toBe(body.updatedAt);
      expect(await progressOf(alice, 'test-one')).toMatchObject({
        category_id: 'philosophy',
        page_number: 2,
      });

      await call(t.app, alice, 'PUT', '/api/v1/books/test-one/progress', { pageNumber: 1 });
      expect(await progressOf(alice, 'test-one')).toMatchObject({ page_number: 1 });
      expect(await countRows(t.db, 'reading_progress', alice.id)).toBe(1);
      expect(await progressOf(bob, 'test-one')).toBeUndefined();
    });

    it('accepts pages up to the longer language and refuses anything else with 400, writing nothing', async () => {
      expect(
        (await call(t.app, bob, 'PUT', '/api/v1/books/long-ar/progress', { pageNumber: 4 })).statusCode,
      ).toBe(200);
      const before = await progressOf(bob, 'long-ar');

      const beyond = await call(t.app, bob, 'PUT', '/api/v1/books/long-ar/progress', { pageNumber: 5 });
      expect(beyond.statusCode).toBe(400);
      expect(beyond.json().error).toEqual({
        code: 'PAGE_OUT_OF_RANGE',
        message: 'This book has 4 pages; page 5 does not exist.',
      });
      for (const payload of [
        { pageNumber: 0 },
        { pageNumber: -1 },
        { pageNumber: 1.5 },
        { pageNumber: '2' },
        {},
        { page: 2 },
      ]) {
        const res = await call(t.app, bob, 'PUT', '/api/v1/books/long-ar/progress', payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().error.code).toBe('VALIDATION_ERROR');
      }
      const noBody = await call(t.app, bob, 'PUT', '/api/v1/books/long-ar/progress');
      expect(noBody.statusCode).toBe(400);
      expect(await progressOf(bob, 'long-ar')).toEqual(before);
    });

    it('answers 404 for an unknown book and writes nothing', async () => {
      const res = await call(t.app, bob, 'PUT', '/api/v1/books/nope/progress', { pageNumber: 1 });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('BOOK_NOT_FOUND');
      expect(await progressOf(bob, 'nope')).toBeUndefined();
    });
  });

  describe('reading language', () => {
    const readerState = async (member: TestMember, bookId: string) =>
      bookReadingSchema.parse((await call(t.app, member, 'GET', `/api/v1/books/${bookId}/read`)).json())
        .state;
    const inProgressOf = async (member: TestMember) =>
      myLibrarySchema.parse((await call(t.app, member, 'GET', '/api/v1/me/library')).json()).inProgress;

    it('is kept with the page, so the reader and Continue reading reopen the book in it', async () => {
      const lena = await signUpMember(t.app, 'Lena');
      const res = await call(t.app, lena, 'PUT', '/api/v1/books/long-ar/progress', {
        pageNumber: 3,
        lang: 'ar',
      });
      expect(res.statusCode).toBe(200);
      expect(progressSchema.parse(res.json())).toMatchObject({ pageNumber: 3, lang: 'ar' });
      expect(await progressOf(lena, 'long-ar')).toMatchObject({ page_number: 3, lang: 'ar' });
      expect((await readerState(lena, 'long-ar')).progress).toMatchObject({ pageNumber: 3, lang: 'ar' });
      expect((await inProgressOf(lena)).map((p) => [p.book.id, p.pageNumber, p.lang])).toEqual([
        ['long-ar', 3, 'ar'],
      ]);

      // Switching language on the same page is saved too.
      await call(t.app, lena, 'PUT', '/api/v1/books/long-ar/progress', { pageNumber: 2, lang: 'en' });
      expect((await readerState(lena, 'long-ar')).progress).toMatchObject({ pageNumber: 2, lang: 'en' });
      expect((await inProgressOf(lena))[0]?.lang).toBe('en');
    });

    it('is kept when a save names no language, and absent for progress saved before languages were kept', async () => {
      const omar = await signUpMember(t.app, 'Omar');
      await call(t.app, omar, 'PUT', '/api/v1/books/long-ar/progress', { pageNumber: 2, lang: 'ar' });
      const res = await call(t.app, omar, 'PUT', '/api/v1/books/long-ar/progress', { pageNumber: 4 });
      expect(progressSchema.parse(res.json())).toMatchObject({ pageNumber: 4, lang: 'ar' });
      expect(await progressOf(omar, 'long-ar')).toMatchObject({ page_number: 4, lang: 'ar' });

      await call(t.app, omar, 'PUT', '/api/v1/books/test-one/progress', { pageNumber: 2 });
      expect(await progressOf(omar, 'test-one')).toMatchObject({ page_number: 2, lang: null });
      const progress = (await readerState(omar, 'test-one')).progress;
      expect(progress).toEqual({ pageNumber: 2, updatedAt: expect.any(String) });
      expect((await inProgressOf(omar)).find((p) => p.book.id === 'test-one')).not.toHaveProperty('lang');
    });

    it('refuses a language other than en and ar, writing nothing', async () => {
      const before = await progressOf(alice, 'test-one');
      for (const lang of ['fr', 'AR', '', null, 1]) {
        const res = await call(t.app, alice, 'PUT', '/api/v1/books/test-one/progress', {
          pageNumber: 1,
          lang,
        });
        expect(res.statusCode, JSON.stringify(lang)).toBe(400);
        expect(res.json().error.code).toBe('VALIDATION_ERROR');
      }
      expect(await progressOf(alice, 'test-one')).toEqual(before);
    });
  });

  describe('finishing', () => {
    it('deletes the progress record and creates the finished record; a second finish keeps the first date', async () => {
      await call(t.app, alice, 'PUT', '/api/v1/books/long-ar/progress', { pageNumber: 4 });
      const res = await call(t.app, alice, 'POST', '/api/v1/books/long-ar/finish');
      expect(res.statusCode).toBe(200);
      const { finishedAt } = finishedSchema.parse(res.json());
      expect(await progressOf(alice, 'long-ar')).toBeUndefined();
      // Bob's progress on the same book is his own.
      expect(await progressOf(bob, 'long-ar')).toMatchObject({ page_number: 4 });

      const again = finishedSchema.parse(
        (await call(t.app, alice, 'POST', '/api/v1/books/long-ar/finish')).json(),
      );
      expect(again.finishedAt).toBe(finishedAt);
      expect(await countRows(t.db, 'finished_book', alice.id)).toBe(1);
    });

    it('reading a finished book again puts it in progress and keeps it under Finished with its first date; finishing again ends the re-read', async () => {
      const rita = await signUpMember(t.app, 'Rita');
      await call(t.app, rita, 'PUT', '/api/v1/books/long-ar/progress', { pageNumber: 4, lang: 'ar' });
      const { finishedAt } = finishedSchema.parse(
        (await call(t.app, rita, 'POST', '/api/v1/books/long-ar/finish')).json(),
      );
      const stateOf = async () =>
        bookReadingSchema.parse((await call(t.app, rita, 'GET', '/api/v1/books/long-ar/read')).json()).state;
      const library = async () =>
        myLibrarySchema.parse((await call(t.app, rita, 'GET', '/api/v1/me/library')).json());

      // Finished, not being read again: no progress, nothing in progress.
      expect(await stateOf()).toMatchObject({ progress: null, finishedAt });
      expect((await library()).inProgress).toEqual([]);

      // A page turned: reading again.
      await call(t.app, rita, 'PUT', '/api/v1/books/long-ar/progress', { pageNumber: 2, lang: 'ar' });
      expect(await stateOf()).toMatchObject({ progress: { pageNumber: 2, lang: 'ar' }, finishedAt });
      const during = await library();
      expect(during.inProgress.map((p) => [p.book.id, p.pageNumber, p.lang])).toEqual([['long-ar', 2, 'ar']]);
      expect(during.finished.map((f) => [f.book.id, f.finishedAt])).toEqual([['long-ar', finishedAt]]);

      // Finished again: out of progress, still finished on the first date.
      await call(t.app, rita, 'POST', '/api/v1/books/long-ar/finish');
      expect(await stateOf()).toMatchObject({ progress: null, finishedAt });
      const after = await library();
      expect(after.inProgress).toEqual([]);
      expect(after.finished.map((f) => [f.book.id, f.finishedAt])).toEqual([['long-ar', finishedAt]]);
    });

    it('finishes a book that was never started', async () => {
      const res = await call(t.app, bob, 'POST', '/api/v1/books/test-two/finish');
      expect(res.statusCode).toBe(200);
      const row = await t.db
        .selectFrom('finished_book')
        .selectAll()
        .where('user_id', '=', bob.id)
        .where('book_id', '=', 'test-two')
        .executeTakeFirst();
      expect(row?.finished_at).toBe(res.json().finishedAt);
    });

    it('answers 404 for an unknown book and writes nothing', async () => {
      const before = await countRows(t.db, 'finished_book', bob.id);
      const res = await call(t.app, bob, 'POST', '/api/v1/books/nope/finish');
      expect(res.statusCode).toBe(404);
      expect(await countRows(t.db, 'finished_book', bob.id)).toBe(before);
    });
  });

  describe('bookmarks', () => {
    it('adds idempotently, checks and removes', async () => {
      const get = async (member: TestMember) =>
        bookmarkStateSchema.parse(
          (await call(t.app, member, 'GET', '/api/v1/books/test-one/bookmark')).json(),
        );
      expect(await get(alice)).toEqual({ bookmarked: false });

      for (let i = 0; i < 2; i += 1) {
        const res = await call(t.app, alice, 'PUT', '/api/v1/books/test-one/bookmark');
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ bookmarked: true });
      }
      expect(await countRows(t.db, 'bookmark', alice.id)).toBe(1);
      expect(await get(alice)).toEqual({ bookmarked: true });
      // Another member neither sees nor removes it.
      expect(await get(bob)).toEqual({ bookmarked: false });
      expect((await call(t.app, bob, 'DELETE', '/api/v1/books/test-one/bookmark')).json()).toEqual({
        bookmarked: false,
      });
      expect(await get(alice)).toEqual({ bookmarked: true });

      for (let i = 0; i < 2; i += 1) {
        const res = await call(t.app, alice, 'DELETE', '/api/v1/books/test-one/bookmark');
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ bookmarked: false });
      }
      expect(await countRows(t.db, 'bookmark', alice.id)).toBe(0);
    });

    it('answers 404 for an unknown book and writes nothing', async () => {
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const res = await call(t.app, alice, method, '/api/v1/books/nope/bookmark');
        expect(res.statusCode, method).toBe(404);
        expect(res.json().error.code).toBe('BOOK_NOT_FOUND');
      }
      expect(await countRows(t.db, 'bookmark', alice.id)).toBe(0);
    });
  });

  describe('My Library', () => {
    it('is three empty tabs for a new member', async () => {
      const carol = await signUpMember(t.app, 'Carol');
      const res = await call(t.app, carol, 'GET', '/api/v1/me/library');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ bookmarked: [], inProgress: [], finished: [] });
    });

    it('lists bookmarked, in-progress (page N of M) and finished books, newest first, for the member only', async () => {
      const dan = await signUpMember(t.app, 'Dan');
      await insertBook(t.db, { id: 'lib-a', categoryId: 'history', addedAt: at(2), enPages: 3, arPages: 3 });
      await insertBook(t.db, { id: 'lib-b', categoryId: 'history', addedAt: at(3), enPages: 5, arPages: 2 });
      await call(t.app, dan, 'PUT', '/api/v1/books/lib-a/bookmark');
      await nextMillisecond();
      await call(t.app, dan, 'PUT', '/api/v1/books/lib-b/bookmark');
      // lib-a was bookmarked later.
      await t.db
        .updateTable('bookmark')
        .set({ created_at: at(50) })
        .where('user_id', '=', dan.id)
        .where('book_id', '=', 'lib-a')
        .execute();
      await t.db
        .updateTable('bookmark')
        .set({ created_at: at(40) })
        .where('user_id', '=', dan.id)
        .where('book_id', '=', 'lib-b')
        .execute();

      await call(t.app, dan, 'PUT', '/api/v1/books/lib-b/progress', { pageNumber: 3 });
      await nextMillisecond();
      await call(t.app, dan, 'PUT', '/api/v1/books/lib-a/progress', { pageNumber: 2 });
      await nextMillisecond();
      await call(t.app, dan, 'PUT', '/api/v1/books/test-one/progress', { pageNumber: 1 });
      await call(t.app, dan, 'POST', '/api/v1/books/test-one/finish');

      const body = myLibrarySchema.parse((await call(t.app, dan, 'GET', '/api/v1/me/library')).json());
      expect(body.bookmarked.map((b) => [b.book.id, b.bookmarkedAt])).toEqual([
        ['lib-a', at(50)],
        ['lib-b', at(40)],
      ]);
      expect(body.bookmarked[0]?.book).toMatchObject({
        categoryId: 'history',
        title: 'Title lib-a',
        source: 'official',
      });
      // The finished book left In progress; the last one read comes first.
      expect(body.inProgress.map((p) => [p.book.id, p.pageNumber, p.pageCount])).toEqual([
        ['lib-a', 2, 3],
        ['lib-b', 3, 5],
      ]);
      expect(body.finished.map((f) => f.book.id)).toEqual(['test-one']);
      expect(body.finished[0]?.finishedAt).toEqual(expect.any(String));

      const forBob = myLibrarySchema.parse((await call(t.app, bob, 'GET', '/api/v1/me/library')).json());
      expect(forBob.bookmarked.map((b) => b.book.id)).not.toContain('lib-a');
      expect(forBob.inProgress.map((b) => b.book.id)).toEqual(['long-ar']);
    });

    it('answers with the same few queries however many books each tab holds', async () => {
      const few = await signUpMember(t.app, 'Few');
      const many = await signUpMember(t.app, 'Many');
      await call(t.app, few, 'PUT', '/api/v1/books/test-one/bookmark');
      for (let i = 0; i < 12; i += 1) {
        const id = `many-${i}`;
        await insertBook(t.db, { id, categoryId: 'history', addedAt: at(200 + i), enPages: 3 });
        await call(t.app, many, 'PUT', `/api/v1/books/${id}/bookmark`);
        if (i % 2) await call(t.app, many, 'PUT', `/api/v1/books/${id}/progress`, { pageNumber: 2 });
        else await call(t.app, many, 'POST', `/api/v1/books/${id}/finish`);
      }
      const cost = (member: TestMember) =>
        countQueries(engine, () => call(t.app, member, 'GET', '/api/v1/me/library'));
      const [small, large] = [await cost(few), await cost(many)];
      expect(large).toBe(small);
      expect(small).toBeLessThanOrEqual(5);
      const body = myLibrarySchema.parse((await call(t.app, many, 'GET', '/api/v1/me/library')).json());
      expect([body.bookmarked.length, body.inProgress.length, body.finished.length]).toEqual([12, 6, 6]);
    });

    it('forgets a deleted member summary: its bookmarks, progress, finished records and comments go with it', async () => {
      const eve = await signUpMember(t.app, 'Eve');
      await insertBook(t.db, {
        id: 'gone',
        categoryId: 'history',
        addedAt: at(9),
        source: 'member',
        userId: eve.id,
      });
      await call(t.app, alice, 'PUT', '/api/v1/books/gone/bookmark');
      await call(t.app, alice, 'PUT', '/api/v1/books/gone/progress', { pageNumber: 1 });
      await call(t.app, bob, 'POST', '/api/v1/books/gone/finish');
      await call(t.app, bob, 'POST', '/api/v1/books/gone/comments', { rating: 4 });

      await t.db.deleteFrom('book').where('id', '=', 'gone').execute();

      for (const table of ['bookmark', 'reading_progress', 'finished_book', 'book_comment'] as const) {
        const rows = await t.db.selectFrom(table).select('book_id').where('book_id', '=', 'gone').execute();
        expect(rows, table).toEqual([]);
      }
      const library = myLibrarySchema.parse((await call(t.app, alice, 'GET', '/api/v1/me/library')).json());
      expect([...library.bookmarked, ...library.inProgress].map((b) => b.book.id)).not.toContain('gone');
    });
  });
});
