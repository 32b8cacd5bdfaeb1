// Retrieval against a real database, on both engines: the demo library seeded, the search index
// built, the repository's queries and the ranking in code together.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexBook } from '#server/db/search-index.ts';
import { DEFAULT_CONTENT_DIR } from '#server/paths.ts';
import { seedLibrary } from '#server/seed/seed.ts';
import { countQueries } from '#server/test/library-helpers.ts';
import { createTestApp, engines, type TestApp } from '#server/test/test-app.ts';
import { questionLanguage, questionTerms, retrievePassages } from './assistant.retrieval.ts';
import { createPassagesRepository, type PassagesRepository } from './passages.repository.ts';

describe.each(engines)('retrieval from the library on %s', (engine) => {
  let t: TestApp;
  let repo: PassagesRepository;

  const retrieve = (question: string, bookId: string | null = null) =>
    retrievePassages(repo, { question, lang: questionLanguage(question), bookId });

  beforeAll(async () => {
    t = await createTestApp(engine);
    await seedLibrary(t.db, { dataDir: t.dataDir, contentDir: DEFAULT_CONTENT_DIR });
    // A member's summary whose pages are stored with gaps in `order`, and whose text tries to
    // be query syntax on both engines.
    await t.db
      .insertInto('book')
      .values({
        id: 'member-lanterns',
        category_id: 'philosophy',
        source: 'member',
        title: 'Harbour Lanterns',
        author: 'A Member',
        title_ar: null,
        author_ar: null,
        about_book: '',
        book_reference: '',
        book_image: null,
        added_by: 'A Member',
        added_at: '2024-01-01T00:00:00.000Z',
        device_info: null,
        user_id: null,
      })
      .execute();
    const page = (order: number, header: string, content1: string) => ({
      book_id: 'member-lanterns',
      lang: 'en' as const,
      order,
      header,
      sub_header: '',
      content1,
      sub_header2: '',
      content2: '',
      sub_header3: '',
      content3: '',
      sub_header4: '',
      content4: '',
    });
    await t.db
      .insertInto('page')
      .values([
        page(10, 'Dusk', 'The keeper climbs the tower.'),
        page(20, 'Night', 'Every lantern of the harbour is lit; the lighthouse keeper watches the ships.'),
        page(30, 'Dawn', 'The lanterns go out one by one.'),
      ])
      .execute();
    await indexBook(t.db, 'member-lanterns');
    repo = createPassagesRepository(t.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('"Three ideas from The Art of War" finds The Art of War, in English', async () => {
    const ids = await repo.candidateBookIds(questionTerms('Three ideas from The Art of War'), { limit: 8 });
    expect(ids[0]).toBe('art-of-war');
    const passages = await retrieve('Three ideas from The Art of War');
    expect(passages.length).toBeGreaterThan(0);
    expect(passages.every((p) => p.bookId === 'art-of-war' && p.lang === 'en')).toBe(true);
    expect(passages[0]).toMatchObject({
      ref: 1,
      categoryId: expect.any(String),
      title: 'The Art of War',
      titleAr: 'فن الحرب',
      author: 'Sun Tzu',
      authorAr: 'سون تزو',
    });
    for (const p of passages) {
      expect(p.page).toBeGreaterThanOrEqual(1);
      expect(p.page).toBeLessThanOrEqual(4);
      expect(p.text.length).toBeGreaterThan(100);
      expect(p.text.length).toBeLessThanOrEqual(1_200);
    }
  });

  it('an Arabic question gets Arabic pages of the book it names', async () => {
    const passages = await retrieve('ماذا يقول ماركوس أوريليوس عن الغضب؟');
    expect(passages.length).toBeGreaterThan(0);
    expect(passages[0]?.bookId).toBe('meditations');
    expect(passages.every((p) => p.lang === 'ar')).toBe(true);
    const war = await retrieve('ما أهم أفكار كتاب فن الحرب؟');
    expect(war[0]).toMatchObject({ bookId: 'art-of-war', lang: 'ar' });
  });

  it('a question about the body finds the books that discuss it', async () => {
    const ids = (await retrieve('How do I control anger?')).map((p) => p.bookId);
    expect(ids).toContain('meditations');
  });

  it('a conversation about one book retrieves only that book', async () => {
    const passages = await retrieve('What does it say about war and strategy?', 'walden');
    expect(passages.length).toBeGreaterThan(0);
    expect(passages.every((p) => p.bookId === 'walden')).toBe(true);
    // Nothing in it matches: its first pages, still only that book.
    const first = await retrieve('zzzqqq', 'walden');
    expect(first.map((p) => [p.bookId, p.page])).toEqual([
      ['walden', 1],
      ['walden', 2],
      ['walden', 3],
      ['walden', 4],
    ]);
    expect(await repo.candidateBookIds([], { limit: 8, bookId: 'walden' })).toEqual(['walden']);
    expect(await repo.candidateBookIds(['war'], { limit: 8, bookId: 'no-such-book' })).toEqual([]);
    expect(await retrieve('war', 'no-such-book')).toEqual([]);
  });

  it('a nonsense question, or one of stop words only, finds nothing', async () => {
    expect(await retrieve('zzzqqq blorfle')).toEqual([]);
    expect(await retrieve('What is it about?')).toEqual([]);
    expect(await repo.candidateBookIds([], { limit: 8 })).toEqual([]);
  });

  it('numbers pages as the reader does, whatever their stored order', async () => {
    const passages = await retrieve('Where is the harbour lighthouse keeper?');
    expect(passages[0]).toMatchObject({ bookId: 'member-lanterns', page: 2, header: 'Night' });
    expect(passages[0]?.text).toBe(
      'Night: Every lantern of the harbour is lit; the lighthouse keeper watches the ships.',
    );
  });

  it('never lets a question become query syntax', async () => {
    for (const question of [
      'lantern" OR "war',
      'NEAR(lantern war) AND NOT -war *',
      "lantern' | 'war':* & !",
      'title:lantern {title author} : war ^',
      '\\ ) ( ] [ %_ .* lantern',
    ]) {
      const terms = questionTerms(question);
      await expect(repo.candidateBookIds(terms, { limit: 8 }), question).resolves.toBeInstanceOf(Array);
    }
    // Even terms that are not letters (the normaliser never makes them) are quoted.
    const odd = ['"', "'", '\\', '*', ':', '(', '%', '_', '.', 'war'];
    await expect(repo.candidateBookIds(odd, { limit: 8 })).resolves.toBeInstanceOf(Array);
  });

  it('reads the pages of several books in one query', async () => {
    let rows: Awaited<ReturnType<PassagesRepository['pagesOf']>> = [];
    const queries = await countQueries(engine, async () => {
      rows = await repo.pagesOf(['walden', 'meditations', 'member-lanterns']);
    });
    expect(queries).toBe(1);
    expect(rows).toHaveLength(4 + 4 + 4 + 4 + 3);
    expect(rows.find((r) => r.book_id === 'member-lanterns')).toMatchObject({
      lang: 'en',
      order: 10,
      title: 'Harbour Lanterns',
      author: 'A Member',
      title_ar: null,
      category_id: 'philosophy',
    });
    expect(await repo.pagesOf([])).toEqual([]);
  });

  it('finds the books to read after one: most shared tags first, then its category', async () => {
    // Meditations: Stoicism, Self-discipline, Leadership. The Enchiridion shares two of them.
    expect(await repo.relatedBookIds('meditations', 2)).toEqual(['enchiridion', 'art-of-war']);
    // The member's summary has no tags: its category (philosophy) fills in, never itself.
    const related = await repo.relatedBookIds('member-lanterns', 2);
    expect(related).toHaveLength(2);
    expect(related).not.toContain('member-lanterns');
  });

  it('answers "what should I read after…" with the openings of related books first', async () => {
    const passages = await retrieve('What should I read after Meditations?');
    expect(passages.slice(0, 2).map((p) => [p.bookId, p.page])).toEqual([
      ['enchiridion', 1],
      ['art-of-war', 1],
    ]);
    expect(passages.slice(2).every((p) => p.bookId === 'meditations')).toBe(true);
    const arabic = await retrieve('ماذا أقرأ بعد التأملات؟');
    expect(arabic[0]).toMatchObject({ bookId: 'enchiridion', lang: 'ar', page: 1 });
  });
});
