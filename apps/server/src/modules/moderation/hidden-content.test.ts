// A hidden member summary is in no list and no count, and reads as missing, wherever the app
// shows books: categories, tags, /app/books, home, search, profiles, the preview, the reader,
// its comments, My Library, and MoejrAI's passages and conversations.
import { libraryOverviewSchema } from '@sahifa/contracts';
import {
  booksByCategorySchema,
  categoryBooksSchema,
  myLibrarySchema,
  tagBooksSchema,
} from '@sahifa/contracts/books';
import { profilePageSchema } from '@sahifa/contracts/community';
import { savedSummarySchema } from '@sahifa/contracts/publishing';
import { searchResultsSchema } from '@sahifa/contracts/search';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPassagesRepository } from '#server/modules/assistant/passages.repository.ts';
import { seedLibrary } from '#server/seed/seed.ts';
import { call, signUpMember, type TestMember } from '#server/test/library-helpers.ts';
import { multipart } from '#server/test/multipart.ts';
import { decideOnReport, signUpOperator } from '#server/test/operator-helpers.ts';
import {
  createTestApp,
  engines,
  FIXTURE_CONTENT_DIR,
  TEST_ORIGIN,
  type TestApp,
} from '#server/test/test-app.ts';

describe.each(engines)('a hidden member summary on %s', (engine) => {
  let t: TestApp;
  let alice: TestMember;
  let bob: TestMember;
  let operator: TestMember;
  let hidden: string;
  let kept: string;

  async function publish(title: string, word: string) {
    const form = await multipart({
      data: JSON.stringify({
        title,
        author: 'Alice Writer',
        categoryId: 'philosophy',
        tags: ['Moderated Shelf'],
        aboutBook: `All about ${word}.`,
        bookReference: 'Alice Writer, 2024.',
        enPages: [{ order: 1, header: 'One', content1: `The ${word} keeps watch at night.` }],
        arPages: [],
      }),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/books',
      payload: form.payload,
      headers: { ...form.headers, origin: TEST_ORIGIN, cookie: alice.cookie },
    });
    expect(res.statusCode, res.body).toBe(201);
    return savedSummarySchema.parse(res.json()).id;
  }

  /** Everything that lists or counts books, as Bob sees it. */
  async function view() {
    const get = async (url: string) => {
      const res = await call(t.app, bob, 'GET', url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return res.json();
    };
    const category = categoryBooksSchema.parse(await get('/api/v1/categories/philosophy/books'));
    const tag = tagBooksSchema.parse(await get('/api/v1/tags/moderated-shelf/books'));
    const books = booksByCategorySchema.parse(await get('/api/v1/books'));
    const overview = libraryOverviewSchema.parse(await get('/api/v1/library/overview'));
    const search = searchResultsSchema.parse(await get('/api/v1/search?q=zephyrine'));
    const profile = profilePageSchema.parse(await get(`/api/v1/users/${alice.userNumber}`));
    const philosophy = (list: { id: string; bookCount: number }[]) =>
      list.find((c) => c.id === 'philosophy')?.bookCount;
    return {
      categoryCount: category.category.bookCount,
      category: category.books.map((b) => b.id),
      tag: tag.books.map((b) => b.id),
      books: books.categories.find((c) => c.id === 'philosophy')?.books.map((b) => b.id),
      booksCount: philosophy(books.categories),
      overviewCount: philosophy(overview.categories),
      search: search.books.map((b) => b.id),
      profileCount: profile.profile.counts.summaries,
      profile: profile.summaries.items.map((b) => b.id),
    };
  }

  beforeAll(async () => {
    t = await createTestApp(engine);
    await seedLibrary(t.db, { dataDir: t.dataDir, contentDir: FIXTURE_CONTENT_DIR });
    alice = await signUpMember(t.app, 'Alice Writer');
    bob = await signUpMember(t.app, 'Bob Reader');
    operator = await signUpOperator(t);
    kept = await publish('Lighthouse Notes', 'zephyrine');
    hidden = await publish('Zephyrine Unbound', 'zephyrine');
    const comment = await call(t.app, bob, 'POST', `/api/v1/books/${hidden}/comments`, { rating: 4 });
    expect(comment.statusCode).toBe(201);
    // Bob keeps both: a bookmark, his place, and the other one finished.
    for (const book of [hidden, kept]) {
      expect((await call(t.app, bob, 'PUT', `/api/v1/books/${book}/bookmark`)).statusCode).toBe(200);
      const progress = await call(t.app, bob, 'PUT', `/api/v1/books/${book}/progress`, { pageNumber: 1 });
      expect(progress.statusCode, progress.body).toBe(200);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('leaves every list and count once an operator hides it, and reads as missing', async () => {
    const before = await view();
    for (const list of [before.category, before.tag, before.books, before.search, before.profile]) {
      expect(list).toEqual(expect.arrayContaining([hidden, kept]));
    }
    expect((await call(t.app, bob, 'GET', `/api/v1/books/${hidden}`)).statusCode).toBe(200);
    const passages = createPassagesRepository(t.db);
    expect(await passages.candidateBookIds(['zephyrine'], { limit: 10, bookId: hidden })).toEqual([hidden]);
    expect(await passages.relatedBookIds(kept, 10)).toContain(hidden);

    await decideOnReport(t.app, { reporter: bob, operator }, { kind: 'summary', targetId: hidden }, 'hide');

    const after = await view();
    for (const list of [after.category, after.tag, after.books, after.search, after.profile]) {
      expect(list).toContain(kept);
      expect(list).not.toContain(hidden);
    }
    for (const key of ['categoryCount', 'booksCount', 'overviewCount', 'profileCount'] as const) {
      expect(after[key], key).toBe((before[key] ?? 0) - 1);
    }

    // Its author sees the same as everyone else.
    for (const member of [alice, bob, operator]) {
      for (const [method, url, body] of [
        ['GET', `/api/v1/books/${hidden}`, undefined],
        ['GET', `/api/v1/books/${hidden}/read`, undefined],
        ['GET', `/api/v1/books/${hidden}/comments`, undefined],
        ['POST', `/api/v1/books/${hidden}/comments`, { rating: 1 }],
      ] as const) {
        const res = await call(t.app, member, method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().error.code).toBe('BOOK_NOT_FOUND');
      }
    }
    const again = await call(t.app, operator, 'POST', '/api/v1/reports', {
      kind: 'summary',
      targetId: hidden,
      reason: 'spam',
    });
    expect(again.statusCode).toBe(404);
  });

  it('gives MoejrAI none of its pages and never suggests it', async () => {
    const passages = createPassagesRepository(t.db);
    expect(await passages.candidateBookIds(['zephyrine'], { limit: 10, bookId: hidden })).toEqual([]);
    expect(await passages.candidateBookIds(['zephyrine'], { limit: 10, bookId: kept })).toEqual([kept]);
    expect((await passages.pagesOf([hidden, kept])).map((p) => p.book_id)).toEqual([kept]);
    expect(await passages.relatedBookIds(kept, 10)).not.toContain(hidden);
  });

  it("leaves Bob's My Library, and cannot be bookmarked, read on or asked about", async () => {
    const library = myLibrarySchema.parse((await call(t.app, bob, 'GET', '/api/v1/me/library')).json());
    expect(library.bookmarked.map((b) => b.book.id)).toEqual([kept]);
    expect(library.inProgress.map((b) => b.book.id)).toEqual([kept]);
    for (const [method, url, body] of [
      ['PUT', `/api/v1/books/${hidden}/bookmark`, undefined],
      ['PUT', `/api/v1/books/${hidden}/progress`, { pageNumber: 1 }],
      ['POST', `/api/v1/books/${hidden}/finish`, undefined],
      ['POST', '/api/v1/assistant/conversations', { bookId: hidden }],
    ] as const) {
      const res = await call(t.app, bob, method, url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
    }
  });
});
