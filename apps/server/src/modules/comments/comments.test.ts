import { bookPreviewSchema } from '@sahifa/contracts/books';
import { addedCommentSchema, commentPageSchema, ratingSummarySchema } from '@sahifa/contracts/comments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLibrary } from '#server/seed/seed.ts';
import {
  call,
  countRows,
  insertBook,
  insertUsers,
  signUpMember,
  type TestMember,
} from '#server/test/library-helpers.ts';
import { createTestApp, engines, FIXTURE_CONTENT_DIR, type TestApp } from '#server/test/test-app.ts';

const at = (n: number) => new Date(Date.UTC(2024, 0, 1, 0, n)).toISOString();

describe.each(engines)('comments and ratings on %s', (engine) => {
  let t: TestApp;
  let alice: TestMember;
  let bob: TestMember;
  let carol: TestMember;

  beforeAll(async () => {
    t = await createTestApp(engine);
    await seedLibrary(t.db, { dataDir: t.dataDir, contentDir: FIXTURE_CONTENT_DIR });
    alice = await signUpMember(t.app, 'Alice');
    bob = await signUpMember(t.app, 'Bob');
    carol = await signUpMember(t.app, 'Carol');
  });
  afterAll(async () => {
    await t?.close();
  });

  const counters = (bookId: string) =>
    t.db
      .selectFrom('book')
      .select(['rating_count', 'rating_sum'])
      .where('id', '=', bookId)
      .executeTakeFirstOrThrow()
      .then((row) => ({ count: Number(row.rating_count), sum: Number(row.rating_sum) }));

  const reviewsOf = (bookId: string, userId: string) =>
    t.db
      .selectFrom('book_comment')
      .select(['id', 'rating', 'comment', 'date'])
      .where('book_id', '=', bookId)
      .where('user_id', '=', userId)
      .execute();

  /** Readers written straight into the user table: many reviewers without many sign-ups. */
  async function insertReaders(prefix: string, count: number): Promise<string[]> {
    const { n } = await t.db
      .selectFrom('user')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    const users = Array.from({ length: count }, (_, i) => ({
      id: `${prefix}-${i}`,
      name: `Reader ${i}`,
      number: 500_000 + Number(n) * 100 + i,
    }));
    await insertUsers(t.db, engine, users);
    return users.map((u) => u.id);
  }

  it('refuses every endpoint when signed out', async () => {
    const requests: [Parameters<typeof call>[2], string, unknown?][] = [
      ['GET', '/api/v1/books/test-one/comments'],
      ['POST', '/api/v1/books/test-one/comments', { rating: 4, comment: 'x' }],
      ['POST', '/api/v1/books/test-one/comments', { rating: 9 }],
      ['DELETE', '/api/v1/comments/some-id'],
    ];
    for (const [method, url, payload] of requests) {
      const res = await call(t.app, null, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().error.message).toBe('No authenticated user');
    }
    expect(await counters('test-one')).toEqual({ count: 0, sum: 0 });
  });

  it('rates 4 → average 4; a second member rates 2 → average 3; newest first with authors', async () => {
    const first = await call(t.app, alice, 'POST', '/api/v1/books/test-one/comments', {
      rating: 4,
      comment: '  A calm, clear summary.  ',
    });
    expect(first.statusCode).toBe(201);
    const added = addedCommentSchema.parse(first.json());
    expect(added.rating).toEqual({ averageRating: 4, ratingCount: 1 });
    expect(added.comment).toMatchObject({
      bookId: 'test-one',
      rating: 4,
      comment: 'A calm, clear summary.',
      author: { userNumber: alice.userNumber, displayName: 'Alice', photoURL: null },
      isMine: true,
    });
    expect(new Date(added.comment.date).toISOString()).toBe(added.comment.date);

    const second = addedCommentSchema.parse(
      (await call(t.app, bob, 'POST', '/api/v1/books/test-one/comments', { rating: 2 })).json(),
    );
    expect(second.rating).toEqual({ averageRating: 3, ratingCount: 2 });
    expect(second.comment.comment).toBe('');

    const page = commentPageSchema.parse(
      (await call(t.app, alice, 'GET', '/api/v1/books/test-one/comments')).json(),
    );
    expect(page.rating).toEqual({ averageRating: 3, ratingCount: 2 });
    expect(page.items.map((c) => [c.author.displayName, c.rating, c.isMine])).toEqual([
      ['Bob', 2, false],
      ['Alice', 4, true],
    ]);
    expect(page.nextCursor).toBeNull();
    expect(await counters('test-one')).toEqual({ count: 2, sum: 6 });
  });

  it('returns the exact average (no rounding) and the Darker name for a member without one', async () => {
    await t.db.updateTable('user').set({ name: '' }).where('id', '=', bob.id).execute();
    await call(t.app, alice, 'POST', '/api/v1/books/test-two/comments', { rating: 5 });
    await call(t.app, carol, 'POST', '/api/v1/books/test-two/comments', { rating: 4 });
    const res = await call(t.app, bob, 'POST', '/api/v1/books/test-two/comments', { rating: 4 });
    expect(res.json().rating.averageRating).toBeCloseTo(13 / 3, 10);
    expect(res.json().comment.author.displayName).toBe('Darker');
    await t.db.updateTable('user').set({ name: 'Bob' }).where('id', '=', bob.id).execute();
  });

  it('refuses bad ratings and over-long comments with 400 and writes nothing', async () => {
    const before = await counters('test-one');
    const rowsBefore = await countRows(t.db, 'book_comment', alice.id);
    for (const payload of [
      { rating: 0 },
      { rating: 6 },
      { rating: 3.5 },
      { rating: '4' },
      { rating: null },
      { comment: 'no rating' },
      { rating: 4, comment: 'x'.repeat(2001) },
      { rating: 4, comment: 42 },
    ]) {
      const res = await call(t.app, alice, 'POST', '/api/v1/books/test-one/comments', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.message).toEqual(expect.any(String));
    }
    expect(await counters('test-one')).toEqual(before);
    expect(await countRows(t.db, 'book_comment', alice.id)).toBe(rowsBefore);

    const longest = await call(t.app, carol, 'POST', '/api/v1/books/test-one/comments', {
      rating: 5,
      comment: 'y'.repeat(2000),
    });
    expect(longest.statusCode).toBe(201);
    await call(t.app, carol, 'DELETE', `/api/v1/comments/${longest.json().comment.id}`);
    expect(await counters('test-one')).toEqual(before);
  });

  it('refuses a comment of only invisible characters, or with control characters, and writes nothing', async () => {
    const before = await counters('test-one');
    const rowsBefore = await countRows(t.db, 'book_comment', carol.id);
    for (const comment of [
      '\u200B\u200C\u200D\u2060\uFEFF',
      ' \u200B \u3164 ',
      'fine\u0000',
      'bell\u0007',
      'c1\u0085',
    ]) {
      const res = await call(t.app, carol, 'POST', '/api/v1/books/test-one/comments', { rating: 4, comment });
      expect(res.statusCode, JSON.stringify(comment)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
    expect(await counters('test-one')).toEqual(before);
    expect(await countRows(t.db, 'book_comment', carol.id)).toBe(rowsBefore);
  });

  it('answers 404 for an unknown book and writes nothing', async () => {
    const rowsBefore = await countRows(t.db, 'book_comment', alice.id);
    const post = await call(t.app, alice, 'POST', '/api/v1/books/nope/comments', { rating: 3 });
    expect(post.statusCode).toBe(404);
    expect(post.json().error.code).toBe('BOOK_NOT_FOUND');
    expect(await countRows(t.db, 'book_comment', alice.id)).toBe(rowsBefore);
    const get = await call(t.app, alice, 'GET', '/api/v1/books/nope/comments');
    expect(get.statusCode).toBe(404);
  });

  it('lets only the author delete a comment: 403 for another member, 404 for an unknown one; the average follows', async () => {
    const page = commentPageSchema.parse(
      (await call(t.app, alice, 'GET', '/api/v1/books/test-one/comments')).json(),
    );
    const alices = page.items.find((c) => c.isMine);
    if (!alices) throw new Error("Alice's comment is missing");

    const forbidden = await call(t.app, bob, 'DELETE', `/api/v1/comments/${alices.id}`);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.code).toBe('FORBIDDEN');
    expect(await counters('test-one')).toEqual({ count: 2, sum: 6 });

    const unknown = await call(t.app, alice, 'DELETE', '/api/v1/comments/no-such-comment');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('COMMENT_NOT_FOUND');

    const deleted = await call(t.app, alice, 'DELETE', `/api/v1/comments/${alices.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(ratingSummarySchema.parse(deleted.json())).toEqual({ averageRating: 2, ratingCount: 1 });
    expect((await call(t.app, alice, 'DELETE', `/api/v1/comments/${alices.id}`)).statusCode).toBe(404);
    expect(await counters('test-one')).toEqual({ count: 1, sum: 2 });

    const bobs = page.items.find((c) => !c.isMine);
    const last = await call(t.app, bob, 'DELETE', `/api/v1/comments/${bobs?.id}`);
    expect(last.json()).toEqual({ averageRating: 0, ratingCount: 0 });
    const after = commentPageSchema.parse(
      (await call(t.app, bob, 'GET', '/api/v1/books/test-one/comments')).json(),
    );
    expect(after).toEqual({
      items: [],
      nextCursor: null,
      rating: { averageRating: 0, ratingCount: 0 },
      myReview: null,
    });
  });

  it('pages comments newest first across pages with no duplicates or gaps, ties included', async () => {
    await insertBook(t.db, { id: 'talked-about', categoryId: 'history', addedAt: at(0) });
    // One review per member: Alice's is the oldest, so it is on the last page.
    const readers = [alice.id, ...(await insertReaders('talker', 24))];
    const rows = Array.from({ length: 25 }, (_, i) => ({
      id: `c-${String(i).padStart(2, '0')}`,
      book_id: 'talked-about',
      user_id: readers[i] as string,
      rating: (i % 5) + 1,
      comment: `comment ${i}`,
      date: at(Math.floor(i / 4)),
    }));
    await t.db.insertInto('book_comment').values(rows).execute();
    const expected = [...rows]
      .sort((a, b) => (a.date === b.date ? (a.id < b.id ? 1 : -1) : a.date < b.date ? 1 : -1))
      .map((r) => r.id);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?limit=10&cursor=${cursor}` : '?limit=10';
      const res = await call(t.app, bob, 'GET', `/api/v1/books/talked-about/comments${query}`);
      expect(res.statusCode).toBe(200);
      const body = commentPageSchema.parse(res.json());
      seen.push(...body.items.map((c) => c.id));
      cursor = body.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(expected);

    const byDefault = commentPageSchema.parse(
      (await call(t.app, bob, 'GET', '/api/v1/books/talked-about/comments')).json(),
    );
    expect(byDefault.items).toHaveLength(20);
    expect(byDefault.myReview).toBeNull();

    // Alice's review is not on the first page, but the page carries it for her form.
    const forAlice = commentPageSchema.parse(
      (await call(t.app, alice, 'GET', '/api/v1/books/talked-about/comments?limit=10')).json(),
    );
    expect(forAlice.items.map((c) => c.id)).not.toContain('c-00');
    expect(forAlice.myReview).toMatchObject({ id: 'c-00', rating: 1, comment: 'comment 0', isMine: true });
    const preview = bookPreviewSchema.parse(
      (await call(t.app, alice, 'GET', '/api/v1/books/talked-about')).json(),
    );
    expect(preview.comments.myReview).toMatchObject({ id: 'c-00', isMine: true });

    const bad = await call(t.app, bob, 'GET', '/api/v1/books/talked-about/comments?cursor=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('INVALID_CURSOR');
  });

  it('keeps one review per member: a second rating edits the first (200, same id, counters by the difference)', async () => {
    await insertBook(t.db, { id: 'reviewed', categoryId: 'history', addedAt: at(1) });
    const post = (member: TestMember, rating: number, comment?: string) =>
      call(t.app, member, 'POST', '/api/v1/books/reviewed/comments', { rating, comment });

    const first = await post(alice, 2, 'First impression');
    expect(first.statusCode).toBe(201);
    const original = addedCommentSchema.parse(first.json());
    expect(original.rating).toEqual({ averageRating: 2, ratingCount: 1 });
    expect((await post(bob, 4)).statusCode).toBe(201);
    expect(await counters('reviewed')).toEqual({ count: 2, sum: 6 });

    for (const [rating, comment] of [
      [5, 'Better on a second reading'],
      [1, 'No'],
      [3, ''],
      [4, '  Settled: a good book.  '],
    ] as const) {
      const res = await post(alice, rating, comment);
      expect(res.statusCode, res.body).toBe(200);
      const edited = addedCommentSchema.parse(res.json());
      expect(edited.comment).toMatchObject({ id: original.comment.id, rating, isMine: true });
      expect(edited.rating).toEqual({ averageRating: (rating + 4) / 2, ratingCount: 2 });
      expect(edited.comment.date >= original.comment.date).toBe(true);
    }
    expect(await counters('reviewed')).toEqual({ count: 2, sum: 8 });
    const rows = await reviewsOf('reviewed', alice.id);
    expect(rows).toEqual([
      { id: original.comment.id, rating: 4, comment: 'Settled: a good book.', date: expect.any(String) },
    ]);

    // The edited review is the newest; the list shows it once.
    const page = commentPageSchema.parse(
      (await call(t.app, alice, 'GET', '/api/v1/books/reviewed/comments')).json(),
    );
    expect(page.items.map((c) => [c.id, c.rating, c.comment])).toEqual([
      [original.comment.id, 4, 'Settled: a good book.'],
      [expect.any(String), 4, ''],
    ]);
    expect(page.rating).toEqual({ averageRating: 4, ratingCount: 2 });
    expect(page.myReview).toMatchObject({ id: original.comment.id, rating: 4 });
    const forBob = commentPageSchema.parse(
      (await call(t.app, bob, 'GET', '/api/v1/books/reviewed/comments')).json(),
    );
    expect(forBob.myReview).toMatchObject({ rating: 4, comment: '', isMine: true });

    // Deleting it makes room for a new one (201, a new id).
    await call(t.app, alice, 'DELETE', `/api/v1/comments/${original.comment.id}`);
    expect(await counters('reviewed')).toEqual({ count: 1, sum: 4 });
    const again = await post(alice, 1);
    expect(again.statusCode).toBe(201);
    expect(again.json().comment.id).not.toBe(original.comment.id);
    expect(await counters('reviewed')).toEqual({ count: 2, sum: 5 });
  });

  it('keeps one review when one member posts several at once', async () => {
    await insertBook(t.db, { id: 'raced', categoryId: 'history', addedAt: at(2) });
    const ratings = [1, 2, 3, 4, 5, 3];
    const responses = await Promise.all(
      ratings.map((rating) =>
        call(t.app, carol, 'POST', '/api/v1/books/raced/comments', { rating, comment: `r${rating}` }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(responses.map((r) => r.json().comment.id)).size).toBe(1);
    const rows = await reviewsOf('raced', carol.id);
    expect(rows).toHaveLength(1);
    expect(await counters('raced')).toEqual({ count: 1, sum: rows[0]?.rating });
  });

  it('documents 200 (edited) and 201 (new) for a rating', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const responses = spec.paths['/api/v1/books/{bookId}/comments'].post.responses;
    expect(Object.keys(responses)).toEqual(expect.arrayContaining(['200', '201']));
  });
});
