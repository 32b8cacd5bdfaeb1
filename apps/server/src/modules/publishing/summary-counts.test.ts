// A summary is counted in its category (the overview, /books, the category page) and in its
// publisher's profile from the moment it is published until it is deleted or hidden, and an edit
// that moves it to another category moves the count: the counters (category.book_count,
// user.summary_count) change in the same transaction as the book, so the very next read shows it,
// with the library's lists remembered (LIBRARY_CACHE_SECONDS) as they are when the app runs.
import { libraryOverviewSchema } from '@sahifa/contracts';
import { booksByCategorySchema, categoryBooksSchema } from '@sahifa/contracts/books';
import { profilePageSchema } from '@sahifa/contracts/community';
import { type SummaryInput, savedSummarySchema } from '@sahifa/contracts/publishing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const summary = (categoryId: string, title = 'Counted Pages'): SummaryInput => ({
  title,
  author: 'Amina Author',
  categoryId,
  tags: ['Counting'],
  aboutBook: 'A summary that is counted.',
  bookReference: 'Amina Author, 2024.',
  enPages: [{ order: 1, header: 'One', content1: 'The first page.' }],
  arPages: [],
});

describe.each(engines)('category and profile counts of summaries on %s', (engine) => {
  let t: TestApp;
  let amina: TestMember;
  let reader: TestMember;
  let operator: TestMember;

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { LIBRARY_CACHE_SECONDS: '60' } });
    await seedLibrary(t.db, { dataDir: t.dataDir, contentDir: FIXTURE_CONTENT_DIR });
    amina = await signUpMember(t.app, 'Amina Author');
    reader = await signUpMember(t.app, 'Rami Reader');
    operator = await signUpOperator(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function get(url: string) {
    const res = await call(t.app, reader, 'GET', url);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json();
  }

  /** Every count a reader sees: each category's in the three lists (which must agree), and Amina's. */
  async function counts() {
    const overview = libraryOverviewSchema.parse(await get('/api/v1/library/overview'));
    const books = booksByCategorySchema.parse(await get('/api/v1/books'));
    const seen: Record<string, number> = {};
    for (const category of overview.categories) {
      const page = categoryBooksSchema.parse(await get(`/api/v1/categories/${category.id}/books`));
      const inBooks = books.categories.find((c) => c.id === category.id)?.bookCount;
      expect([inBooks, page.category.bookCount], `${category.id} in /books and its page`).toEqual([
        category.bookCount,
        category.bookCount,
      ]);
      seen[category.id] = category.bookCount;
    }
    const profile = await aminasProfile();
    // The summaries her profile lists (remembered as the library's lists are) agree with her count.
    expect(profile.summaries.items, 'the summaries listed on her profile').toHaveLength(
      profile.profile.counts.summaries,
    );
    return { ...seen, amina: profile.profile.counts.summaries };
  }

  const aminasProfile = async () => profilePageSchema.parse(await get(`/api/v1/users/${amina.userNumber}`));

  async function send(method: 'POST' | 'PUT', url: string, data: SummaryInput) {
    const form = await multipart({ data: JSON.stringify(data) });
    return t.app.inject({
      method,
      url,
      payload: form.payload,
      headers: { ...form.headers, origin: TEST_ORIGIN, cookie: amina.cookie },
    });
  }

  async function publish(categoryId: string, title?: string) {
    const res = await send('POST', '/api/v1/books', summary(categoryId, title));
    expect(res.statusCode, res.body).toBe(201);
    return savedSummarySchema.parse(res.json()).id;
  }

  /** An operator's decision on a report of the summary. */
  async function decide(bookId: string, action: 'hide' | 'delete') {
    await decideOnReport(
      t.app,
      { reporter: reader, operator },
      { kind: 'summary', targetId: bookId },
      action,
    );
  }

  it('counts the seeded library, then follows every publish, edit, delete and hide at once', async () => {
    // The fixture library: one official book in each category; Amina has published nothing.
    expect(await counts()).toEqual({ philosophy: 1, history: 1, amina: 0 });

    const first = await publish('philosophy');
    expect(await counts()).toEqual({ philosophy: 2, history: 1, amina: 1 });

    // An edit that keeps the category counts nothing twice; one that moves it moves the count.
    expect((await send('PUT', `/api/v1/books/${first}`, summary('philosophy', 'Renamed'))).statusCode).toBe(
      200,
    );
    expect(await counts()).toEqual({ philosophy: 2, history: 1, amina: 1 });
    expect((await aminasProfile()).summaries.items.map((card) => card.title)).toEqual(['Renamed']);
    expect((await send('PUT', `/api/v1/books/${first}`, summary('history'))).statusCode).toBe(200);
    expect(await counts()).toEqual({ philosophy: 1, history: 2, amina: 1 });

    // Deleted by its author.
    expect((await call(t.app, amina, 'DELETE', `/api/v1/books/${first}`)).statusCode).toBe(204);
    expect(await counts()).toEqual({ philosophy: 1, history: 1, amina: 0 });

    // Hidden by an operator: out of every count; then neither an edit nor its deletion counts it again.
    const hidden = await publish('philosophy', 'Hidden Pages');
    expect(await counts()).toEqual({ philosophy: 2, history: 1, amina: 1 });
    await decide(hidden, 'hide');
    expect(await counts()).toEqual({ philosophy: 1, history: 1, amina: 0 });
    expect(
      (await send('PUT', `/api/v1/books/${hidden}`, summary('history', 'Hidden Pages'))).statusCode,
    ).toBe(200);
    expect(await counts()).toEqual({ philosophy: 1, history: 1, amina: 0 });
    expect((await call(t.app, amina, 'DELETE', `/api/v1/books/${hidden}`)).statusCode).toBe(204);
    expect(await counts()).toEqual({ philosophy: 1, history: 1, amina: 0 });

    // Deleted by an operator.
    const removed = await publish('history', 'Removed Pages');
    expect(await counts()).toEqual({ philosophy: 1, history: 2, amina: 1 });
    await decide(removed, 'delete');
    expect(await counts()).toEqual({ philosophy: 1, history: 1, amina: 0 });
  });

  it('keeps the counters equal to the visible rows', async () => {
    await publish('history', 'Still Here');
    const categories = await t.db.selectFrom('category').select(['id', 'book_count']).execute();
    for (const category of categories) {
      const visible = await t.db
        .selectFrom('book')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('category_id', '=', category.id)
        .where('hidden_at', 'is', null)
        .executeTakeFirstOrThrow();
      expect(Number(category.book_count), category.id).toBe(Number(visible.n));
    }
    const member = await t.db
      .selectFrom('user')
      .select('summary_count')
      .where('id', '=', amina.id)
      .executeTakeFirstOrThrow();
    expect(Number(member.summary_count)).toBe(1);
    expect((await counts()).amina).toBe(1);
  });
});
