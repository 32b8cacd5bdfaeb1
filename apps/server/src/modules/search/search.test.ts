import { pageInputSchema, type SummaryInput } from '@sahifa/contracts/publishing';
import { type SearchResults, searchResultsSchema } from '@sahifa/contracts/search';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchMigration } from '#server/db/migrations/0002_search.ts';
import { searchHeadingsMigration } from '#server/db/migrations/0013_search_headings.ts';
import { syncSearchIndex } from '#server/db/search-index.ts';
import { createPublishingRepository } from '#server/modules/publishing/publishing.repository.ts';
import { DEFAULT_CONTENT_DIR } from '#server/paths.ts';
import { seedLibrary } from '#server/seed/seed.ts';
import {
  call,
  callMultipart,
  insertUsers,
  signUpMember,
  type TestMember,
} from '#server/test/library-helpers.ts';
import { multipart } from '#server/test/multipart.ts';
import {
  createTestApp,
  engines,
  FIXTURE_CONTENT_DIR,
  TEST_ORIGIN,
  type TestApp,
} from '#server/test/test-app.ts';
import { SEARCH_CANDIDATES } from './search.repository.ts';

const page = (order: number, header: string, content1: string) => ({ order, header, content1 });

describe.each(engines)('GET /api/v1/search on %s', (engine) => {
  let t: TestApp;
  let member: TestMember;
  const ids: Record<string, string> = {};

  async function publish(data: SummaryInput): Promise<string> {
    const form = await multipart({ data: JSON.stringify(data) });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/books',
      payload: form.payload,
      headers: { ...form.headers, origin: TEST_ORIGIN, cookie: member.cookie },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  }

  async function search(q: string, as: TestMember | null = member): Promise<SearchResults> {
    const res = await call(t.app, as, 'GET', `/api/v1/search?q=${encodeURIComponent(q)}`);
    expect(res.statusCode, res.body).toBe(200);
    return searchResultsSchema.parse(res.json());
  }
  const bookIds = async (q: string) => (await search(q)).books.map((b) => b.id);

  beforeAll(async () => {
    t = await createTestApp(engine);
    await seedLibrary(t.db, { dataDir: t.dataDir, contentDir: FIXTURE_CONTENT_DIR });
    member = await signUpMember(t.app, 'Zaynab Searcher');
    // The word only in the body, many times (a naive rank would put it first)…
    ids.body = await publish({
      title: 'Harbour Notes',
      author: 'Body Writer',
      categoryId: 'history',
      enPages: [
        page(1, 'Evening', 'The lantern, the lantern, the lantern by the lantern of the harbour lantern.'),
      ],
    });
    // …and in the title, once.
    ids.title = await publish({
      title: 'The Lantern',
      author: 'Title Writer',
      categoryId: 'philosophy',
      enPages: [page(1, 'Morning', 'Nothing about lights here.')],
    });
    // Arabic with full diacritics, tatweel and alef forms.
    ids.arabic = await publish({
      title: 'كتاب الأمثال',
      author: 'كاتب',
      categoryId: 'philosophy',
      tags: ['حِكَم'],
      arPages: [
        page(1, 'الصفحة الأولى', 'قيل إنّ الحِكْمَةُ ضالّةُ المؤمنِ، وإِنَّ العِلْمَ نُورٌ يُهْتَدَى بِهِ.'),
        page(2, 'الصفحة الثانية', 'الصبـــر مفتاح الفرج.'),
      ],
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses signed-out requests and bad queries', async () => {
    const signedOut = await call(t.app, null, 'GET', '/api/v1/search?q=lantern');
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().error.message).toBe('No authenticated user');
    expect((await call(t.app, member, 'GET', '/api/v1/search')).statusCode).toBe(400);
    expect((await call(t.app, member, 'GET', '/api/v1/search?q=%20%20')).statusCode).toBe(400);
    expect((await call(t.app, member, 'GET', `/api/v1/search?q=${'a'.repeat(101)}`)).statusCode).toBe(400);
  });

  it('ranks a title match above a book with the word only in its body', async () => {
    const results = await search('lantern');
    expect(results.terms).toEqual(['lantern']);
    expect(results.books.map((b) => b.id)).toEqual([ids.title, ids.body]);
    const [title, body] = results.books;
    expect(title).toMatchObject({ title: 'The Lantern', source: 'member', categoryId: 'philosophy' });
    expect(title?.snippet).toBe('');
    expect(body?.snippet).toContain('The lantern, the lantern');
  });

  it('matches prefixes, every word, authors, tags and the demo library', async () => {
    expect(await bookIds('lant')).toEqual([ids.title, ids.body]);
    expect(await bookIds('lantern harbour')).toEqual([ids.body]);
    expect(await bookIds('title writer')).toEqual([ids.title]);
    // One word in the title, the other in the author: still a title-or-author match, first.
    expect(await bookIds('lantern writer')).toEqual([ids.title, ids.body]);
    expect(await bookIds('empire')).toEqual(['test-two']);
    expect([...(await bookIds('stoicism'))].sort()).toEqual(['test-one', 'test-two']);
    expect(await bookIds('fixture')).toEqual(expect.arrayContaining(['test-one', 'test-two']));
    expect(await bookIds('zzzqqq')).toEqual([]);
  });

  it('finds Arabic written with diacritics from a query without them', async () => {
    for (const q of [
      'الحكمة',
      'الحكمه',
      'الحِكْمَةُ',
      'الحك',
      'ان الحكمة',
      'إن',
      'أن',
      'نور',
      'يهتدي',
      'الصبر',
      'حكم',
    ]) {
      expect(await bookIds(q), q).toEqual([ids.arabic]);
    }
    const results = await search('الحكمة');
    expect(results.terms).toEqual(['حكمه']);
    // The passage is the original text, diacritics and all.
    expect(results.books[0]?.snippet).toContain('الحِكْمَةُ ضالّةُ المؤمنِ');
    expect(await bookIds('الأمثال')).toEqual([ids.arabic]);
    expect(await bookIds('الامثال')).toEqual([ids.arabic]);
  });

  it('finds an Arabic word with or without its article, and after و ف ب ك ل', async () => {
    for (const q of [
      'حكمة',
      'الحكمة',
      'بالحكمة',
      'والحكمة',
      'فالحكمة',
      'للحكمة',
      'كالحكمة',
      'صبر',
      'امثال',
      'بالأمثال',
    ]) {
      expect(await bookIds(q), q).toEqual([ids.arabic]);
    }
    const results = await search('بالحكمة');
    expect(results.terms).toEqual(['حكمه']);
    // The passage still starts at the word, article and diacritics included.
    expect(results.books[0]?.snippet).toContain('الحِكْمَةُ ضالّةُ المؤمنِ');
  });

  it('takes the passage from the English pages before the Arabic ones, as a reader meets them', async () => {
    const id = await publish({
      title: 'Teachers of Speech',
      author: 'Rhetoric Writer',
      categoryId: 'philosophy',
      enPages: [page(1, 'Rome', 'Quintilian taught the Romans to speak plainly.')],
      arPages: [page(1, 'روما', 'علّم Quintilian الرومان أن يتكلموا بوضوح.')],
    });
    const results = await search('quintilian');
    expect(results.books.map((b) => b.id)).toEqual([id]);
    expect(results.books[0]?.snippet).toContain('Quintilian taught the Romans');
  });

  it('finds a book by its Arabic title and author, and a tag by its Arabic name', async () => {
    const id = await publish({
      title: 'The Book of Lanterns',
      author: 'Old Sage',
      titleAr: 'كتاب المصابيح',
      authorAr: 'الحكيم القديم',
      categoryId: 'philosophy',
      enPages: [page(1, 'One', 'Plain words.')],
    });
    expect(await bookIds('المصابيح')).toEqual([id]);
    expect(await bookIds('مصابيح')).toEqual([id]);
    expect(await bookIds('الحكيم القديم')).toEqual([id]);
    expect((await search('مصابيح')).books[0]).toMatchObject({
      titleAr: 'كتاب المصابيح',
      authorAr: 'الحكيم القديم',
    });
    // The fixture's tags have no Arabic names; the demo library's are checked below.
    expect((await call(t.app, member, 'DELETE', `/api/v1/books/${id}`)).statusCode).toBe(204);
  });

  it("finds the demo library's Arabic titles, authors, tags and pages", async () => {
    const demo = await createTestApp(engine);
    try {
      await seedLibrary(demo.db, { dataDir: demo.dataDir, contentDir: DEFAULT_CONTENT_DIR });
      const reader = await signUpMember(demo.app, 'Demo Reader');
      const find = async (q: string) => {
        const res = await call(demo.app, reader, 'GET', `/api/v1/search?q=${encodeURIComponent(q)}`);
        return searchResultsSchema.parse(res.json()).books;
      };
      for (const q of ['التأملات', 'تأملات', 'ماركوس أوريليوس']) {
        const books = await find(q);
        expect(books[0]?.id, q).toBe('meditations');
        expect(books[0]).toMatchObject({ titleAr: 'التأملات', authorAr: 'ماركوس أوريليوس' });
      }
      expect((await find('مقدمة ابن خلدون'))[0]?.id).toBe('muqaddimah');
      expect((await find('الرواقية')).map((b) => b.id)).toEqual(
        expect.arrayContaining(['meditations', 'enchiridion']),
      );
    } finally {
      await demo.close();
    }
  });

  it("finds the demo library's Arabic pages (meditations: الحِكْمَةُ)", async () => {
    const demo = await createTestApp(engine);
    try {
      await seedLibrary(demo.db, { dataDir: demo.dataDir, contentDir: DEFAULT_CONTENT_DIR });
      const reader = await signUpMember(demo.app, 'Demo Reader');
      const res = await call(demo.app, reader, 'GET', `/api/v1/search?q=${encodeURIComponent('الحكمة')}`);
      const results = searchResultsSchema.parse(res.json());
      expect(results.books.map((b) => b.id)).toContain('meditations');
    } finally {
      await demo.close();
    }
  });

  it('treats query syntax as plain words', async () => {
    for (const q of [
      '"lantern',
      'lantern OR NOT x',
      'lantern*',
      'NEAR(lantern',
      "o'brien",
      'a & b | !c',
      ':*',
      '{title}:',
    ]) {
      const res = await call(t.app, member, 'GET', `/api/v1/search?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
    }
    expect(await bookIds('lantern*')).toEqual([ids.title, ids.body]);
    const symbols = await search('*** !!!');
    expect(symbols).toEqual({ terms: [], books: [], members: [] });
  });

  it('keeps the index in step with edits and deletes', async () => {
    const id = await publish({
      title: 'Quicksilver Almanac',
      author: 'Editor',
      categoryId: 'history',
      enPages: [page(1, 'One', 'Copper words.')],
    });
    expect(await bookIds('quicksilver')).toEqual([id]);
    const form = await multipart({
      data: JSON.stringify({
        title: 'Mercury Almanac',
        author: 'Editor',
        categoryId: 'history',
        tags: ['Alchemy'],
        enPages: [page(1, 'One', 'Silver words.')],
      }),
    });
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/books/${id}`,
      payload: form.payload,
      headers: { ...form.headers, origin: TEST_ORIGIN, cookie: member.cookie },
    });
    expect(edit.statusCode).toBe(200);
    expect(await bookIds('quicksilver')).toEqual([]);
    expect(await bookIds('copper')).toEqual([]);
    expect(await bookIds('mercury')).toEqual([id]);
    expect(await bookIds('alchemy')).toEqual([id]);
    expect(await bookIds('silver')).toEqual([id]);
    expect((await call(t.app, member, 'DELETE', `/api/v1/books/${id}`)).statusCode).toBe(204);
    expect(await bookIds('mercury')).toEqual([]);
  });

  it('returns at most 20 books', async () => {
    for (let i = 0; i < 22; i += 1) {
      await publish({
        title: `Volume ${i}`,
        author: 'Prolific',
        categoryId: 'history',
        enPages: [page(1, 'Page', 'Common words.')],
      });
    }
    expect((await search('prolific')).books).toHaveLength(20);
  });

  it('finds an author match first however many books hold the word only in their text', async () => {
    // More books than are ranked hold the word in their text, before and after the one whose
    // author holds it: the newest and the first found of them are not where it is.
    const publishing = createPublishingRepository(t.db);
    const insert = (id: string, author: string, text: string) =>
      publishing.insertSummary(
        {
          id,
          category_id: 'history',
          source: 'official',
          title: 'Ash',
          author,
          about_book: '',
          book_reference: '',
          book_image: null,
          added_by: 'test',
          added_at: '2001-01-01T00:00:00.000Z',
          device_info: null,
          user_id: null,
        },
        {
          categoryId: 'history',
          title: 'Ash',
          titleAr: null,
          author,
          authorAr: null,
          aboutBook: '',
          bookReference: '',
          bookImage: null,
          cardImage: null,
          tags: [],
          enPages: [pageInputSchema.parse(page(1, 'Page', text))],
          arPages: [],
        },
      );
    for (let i = 0; i <= SEARCH_CANDIDATES; i += 1)
      await insert(`ember-before-${i}`, 'Stoker', 'Ember, ember.');
    await insert('ember-author', 'Ember Quill', 'Nothing to burn.');
    for (let i = 0; i <= SEARCH_CANDIDATES; i += 1)
      await insert(`ember-after-${i}`, 'Stoker', 'Ember, ember.');
    const found = await bookIds('ember');
    expect(found).toHaveLength(20);
    expect(found[0]).toBe('ember-author');
  });

  it('finds members by display name, Arabic without diacritics too', async () => {
    await signUpMember(t.app, 'زَيْنَب الكاتِبة');
    await signUpMember(t.app, 'Another Zaynab');
    const latin = await search('zayn');
    expect(latin.members.map((m) => m.displayName)).toEqual(['Zaynab Searcher', 'Another Zaynab']);
    expect(latin.members[0]).toMatchObject({ userNumber: member.userNumber, photoURL: null });
    expect((await search('ZAYNAB searcher')).members.map((m) => m.displayName)).toEqual(['Zaynab Searcher']);
    expect((await search('زينب الكاتبه')).members.map((m) => m.displayName)).toEqual(['زَيْنَب الكاتِبة']);
    expect((await search('100%')).members).toEqual([]);
    for (let i = 0; i < 11; i += 1) await signUpMember(t.app, `Member Many ${i}`);
    expect((await search('many')).members).toHaveLength(10);
  });

  it('finds a member by the name they have now, by two letters too, and one added by a tool', async () => {
    const renamed = await signUpMember(t.app, 'Quentin Oldname');
    const res = await callMultipart(t.app, renamed, 'PATCH', '/api/v1/me/profile', {
      data: JSON.stringify({ displayName: 'Quentin Newname' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await search('oldname')).members).toEqual([]);
    expect((await search('newname')).members.map((m) => m.userNumber)).toEqual([renamed.userNumber]);
    expect((await search('qu')).members.map((m) => m.displayName)).toEqual(['Quentin Newname']);
    // A row written without the normalised copy (an import, say) is found by its lower-cased name.
    await insertUsers(t.db, engine, [{ id: 'imported-member', number: 999_999, name: 'Imported Ximena' }]);
    expect((await search('ximena')).members.map((m) => m.userNumber)).toEqual([999_999]);
    await t.db.deleteFrom('user').where('id', '=', 'imported-member').execute();
    expect((await search('ximena')).members).toEqual([]);
  });

  it('backfills the index for books that existed before the migration', async () => {
    await searchMigration.down?.(t.db);
    await searchMigration.up(t.db);
    await searchHeadingsMigration.up(t.db);
    await syncSearchIndex(t.db); // what migrateToLatest does after the migrations
    expect(await bookIds('lantern')).toEqual([ids.title, ids.body]);
    expect(await bookIds('الحكمة')).toEqual([ids.arabic]);
  });
});
