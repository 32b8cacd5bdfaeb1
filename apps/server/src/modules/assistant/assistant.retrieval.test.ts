import { describe, expect, it, vi } from 'vitest';
import { asksWhatNext, questionLanguage, questionTerms, retrievePassages } from './assistant.retrieval.ts';
import type { PassagePageRow, PassagesRepository } from './passages.repository.ts';

describe('questionLanguage', () => {
  it('is Arabic when Arabic letters outnumber Latin ones', () => {
    expect(questionLanguage('What should I read after Meditations?')).toBe('en');
    expect(questionLanguage('ماذا أقرأ بعد التأملات؟')).toBe('ar');
    expect(questionLanguage('ما رأيك في كتاب The Prince؟')).toBe('ar');
    expect(questionLanguage('Tell me about كليلة ودمنة please')).toBe('en');
    expect(questionLanguage('123 ?!')).toBe('en');
    // Harakat are marks, not letters: they do not tip the balance.
    expect(questionLanguage('Is الحِكْمَةُ wisdom?')).toBe('en');
  });
});

describe('questionTerms', () => {
  it('keeps the words that say what the question is about', () => {
    expect(questionTerms('What should I read after Meditations?')).toEqual(['meditations']);
    // How members ask about books ("three ideas", "read") says nothing of which book.
    expect(questionTerms('Three ideas from The Art of War')).toEqual(['art', 'war']);
    expect(questionTerms('How can I use The Prince today?')).toEqual(['use', 'prince', 'today']);
  });

  it('drops Arabic stop words, and normalises like the search index (article, diacritics, letter forms)', () => {
    // ماذا، يقول، عن: stop words; الغضب loses its article; أوريليوس its hamza.
    expect(questionTerms('ماذا يقول ماركوس أوريليوس عن الغضب؟')).toEqual(['ماركوس', 'اوريليوس', 'غضب']);
    // الذي is a stop word with or without its article; بالحِكْمَةِ → حكمه.
    expect(questionTerms('ما الذي قاله عن بالحِكْمَةِ')).toEqual(['قاله', 'حكمه']);
    expect(questionTerms('هل في هذا الكتاب من أفكار عن الصبر')).toEqual(['صبر']);
  });

  it('dedupes, drops single letters, and keeps at most 12 terms (stop words do not use up the room)', () => {
    expect(questionTerms('War, war and WAR: a b c')).toEqual(['war']);
    const long =
      'What is the one thing, if any, that all of these would say about alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu?';
    expect(questionTerms(long)).toEqual([
      'one',
      'thing',
      'alpha',
      'beta',
      'gamma',
      'delta',
      'epsilon',
      'zeta',
      'eta',
      'theta',
      'iota',
      'kappa',
    ]);
    expect(questionTerms('What is it about?')).toEqual([]);
    expect(questionTerms('')).toEqual([]);
  });
});

// ---------- retrievePassages on a repository in memory ----------

interface FakeBook {
  id: string;
  title: string;
  titleAr?: string | null;
  author?: string;
  en?: string[];
  ar?: string[];
  /** Stored `order` of each page, when not 1, 2, 3… */
  orders?: number[];
}

function fakeRepository(books: FakeBook[], found: string[] = books.map((b) => b.id)) {
  const rows: PassagePageRow[] = books.flatMap((book) =>
    (['en', 'ar'] as const).flatMap((lang) =>
      (book[lang] ?? []).map((text, i) => ({
        book_id: book.id,
        lang,
        order: book.orders?.[i] ?? i + 1,
        header: `Chapter ${i + 1}`,
        sub_header: '',
        content1: text,
        sub_header2: '',
        content2: '',
        sub_header3: '',
        content3: '',
        sub_header4: '',
        content4: '',
        title: book.title,
        title_ar: book.titleAr ?? null,
        author: book.author ?? 'Someone',
        author_ar: null,
        category_id: 'philosophy',
      })),
    ),
  );
  const repo: PassagesRepository = {
    candidateBookIds: vi.fn(async (_terms, { bookId }) => (bookId ? [bookId] : found)),
    pagesOf: vi.fn(async (ids) => rows.filter((r) => ids.includes(r.book_id))),
    relatedBookIds: vi.fn(async (id: string, limit: number) =>
      books
        .map((b) => b.id)
        .filter((other) => other !== id)
        .slice(0, limit),
    ),
  };
  return repo;
}

describe('asksWhatNext', () => {
  it('hears a question about what to read next, in English and Arabic', () => {
    for (const q of [
      'What should I read after Meditations?',
      'Books like Walden',
      'What next?',
      'ماذا أقرأ بعد التأملات؟',
      'كتب مشابهة لوالدن',
    ])
      expect(asksWhatNext(q), q).toBe(true);
    for (const q of [
      'Three ideas from The Art of War',
      'ما الخداع في فن الحرب؟',
      'Likewise, what is virtue?',
      'أعطني أمثلة من التأملات',
    ])
      expect(asksWhatNext(q), q).toBe(false);
  });
});

describe('retrievePassages', () => {
  const library: FakeBook[] = [
    {
      id: 'war',
      title: 'The Art of War',
      titleAr: 'فن الحرب',
      en: [
        'Know the enemy and know yourself.',
        'Supreme art is to win without fighting.',
        'Spies and war.',
        'Terrain.',
      ],
      ar: ['اعرف عدوك واعرف نفسك.', 'فن الحرب أن تنتصر بلا قتال.'],
    },
    {
      id: 'walden',
      title: 'Walden',
      en: ['Simplicity, simplicity, simplicity! The pond in winter.', 'The beans and the war tax.'],
      ar: ['البساطة ثم البساطة.'],
    },
    { id: 'arabic-only', title: 'Kalila', en: [], ar: ['الحرب بين الغربان والبوم.'] },
  ];

  it('finds the pages that hold the terms, best first, numbered and labelled', async () => {
    const passages = await retrievePassages(fakeRepository(library), {
      question: 'What does the Art of War say about fighting?',
      lang: 'en',
    });
    expect(passages[0]).toMatchObject({
      ref: 1,
      bookId: 'war',
      categoryId: 'philosophy',
      title: 'The Art of War',
      titleAr: 'فن الحرب',
      page: 2,
      lang: 'en',
      header: 'Chapter 2',
    });
    expect(passages[0]?.text).toBe('Chapter 2: Supreme art is to win without fighting.');
    expect(passages.map((p) => p.ref)).toEqual(passages.map((_, i) => i + 1));
  });

  it('gives at most two pages of a book, four when the question names it, all when the conversation is about it', async () => {
    const maps: FakeBook = {
      id: 'maps',
      title: 'Maps',
      en: ['Terrain of hills.', 'Terrain of rivers.', 'Terrain of plains.', 'Terrain of passes.'],
      ar: [],
    };
    const repo = fakeRepository([...library, maps]);
    const open = await retrievePassages(repo, { question: 'terrain', lang: 'en' });
    expect(open.filter((p) => p.bookId === 'maps').length).toBe(2);
    const named = await retrievePassages(repo, { question: 'war', lang: 'en' });
    expect(named.filter((p) => p.bookId === 'war').length).toBe(4);
    const scoped = await retrievePassages(repo, {
      question: 'war enemy spies art',
      lang: 'en',
      bookId: 'war',
    });
    expect(scoped.map((p) => p.page).sort()).toEqual([1, 2, 3]);
    expect(scoped.every((p) => p.bookId === 'war')).toBe(true);
  });

  it("prefers the question's language, and uses the other only for a book without pages in it", async () => {
    const passages = await retrievePassages(fakeRepository(library), { question: 'ما هي الحرب', lang: 'ar' });
    expect(passages.length).toBeGreaterThan(0);
    expect(passages.every((p) => p.lang === 'ar')).toBe(true);
    // The Arabic-only book answers an English question in Arabic when its Arabic holds the term.
    const english = await retrievePassages(fakeRepository(library, ['arabic-only']), {
      question: 'الغربان',
      lang: 'en',
    });
    expect(english.map((p) => [p.bookId, p.lang])).toEqual([['arabic-only', 'ar']]);
  });

  it('numbers pages by their place in the language, whatever `order` holds', async () => {
    const book: FakeBook = {
      id: 'gaps',
      title: 'Gaps',
      en: ['One.', 'Two.', 'Three lanterns.'],
      orders: [10, 20, 35],
    };
    const [passage] = await retrievePassages(fakeRepository([book]), { question: 'lanterns', lang: 'en' });
    expect(passage?.page).toBe(3);
  });

  it('finds nothing without useful words (not even asking the index), or without matches', async () => {
    const repo = fakeRepository(library);
    expect(await retrievePassages(repo, { question: 'What is it about?', lang: 'en' })).toEqual([]);
    expect(repo.candidateBookIds).not.toHaveBeenCalled();
    expect(await retrievePassages(repo, { question: 'zebra unicorn', lang: 'en' })).toEqual([]);
  });

  it("about one book, a question without matches gets the book's first pages", async () => {
    const passages = await retrievePassages(fakeRepository(library), {
      question: 'Summarise it for me',
      lang: 'en',
      bookId: 'war',
      maxPassages: 3,
    });
    expect(passages.map((p) => [p.bookId, p.page])).toEqual([
      ['war', 1],
      ['war', 2],
      ['war', 3],
    ]);
    expect(
      await retrievePassages(fakeRepository(library), { question: 'x', lang: 'en', bookId: 'gone' }),
    ).toEqual([]);
  });

  it('leaves out pages far weaker than the best one', async () => {
    const books: FakeBook[] = [
      {
        id: 'strong',
        title: 'Anger and Calm',
        en: ['Anger is brief madness; calm is strength; anger passes.'],
      },
      { id: 'weak', title: 'Gardens', en: ['A calm evening in the garden.'] },
    ];
    const passages = await retrievePassages(fakeRepository(books), { question: 'anger calm', lang: 'en' });
    expect(passages.map((p) => p.bookId)).toEqual(['strong']);
  });

  it('cuts a long page around its densest stretch of terms, within the limit, words whole', async () => {
    const filler = 'Nothing to see here at all. '.repeat(60);
    const book: FakeBook = {
      id: 'long',
      title: 'Long',
      en: [
        `${filler}Early mention of lanterns. ${filler}Lanterns and harbours and ships together. ${filler}`,
      ],
    };
    const [passage] = await retrievePassages(fakeRepository([book]), {
      question: 'lanterns harbours ships',
      lang: 'en',
      maxPassageChars: 300,
    });
    expect(passage).toBeDefined();
    const text = passage?.text ?? '';
    expect(text.length).toBeLessThanOrEqual(300);
    expect(text).toContain('Lanterns and harbours and ships together.');
    expect(text.startsWith('…')).toBe(true);
    expect(text.endsWith('…')).toBe(true);
    // The focus is the start of the sentence holding the best stretch.
    expect(text.slice(passage?.focus)).toMatch(/^Lanterns and harbours/);
  });
});
