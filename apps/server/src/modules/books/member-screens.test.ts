// A member's screens (a book's preview, the reader, a profile, the feed) are sent as bytes made
// once while nothing in them changed (kernel/same-answers.ts, the feed's remembered views), with an
// ETag a browser can ask about: a change the member makes, or another member makes, is in the
// very next answer, and no member is ever sent another's.
import { bookPreviewSchema, bookReadingSchema } from '@sahifa/contracts/books';
import { profilePageSchema, thoughtPageSchema } from '@sahifa/contracts/community';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLibrary } from '#server/seed/seed.ts';
import { call, signUpMember, type TestMember } from '#server/test/library-helpers.ts';
import { createTestApp, engines, FIXTURE_CONTENT_DIR, type TestApp } from '#server/test/test-app.ts';

describe.each(engines)("a member's screens sent as the same bytes until they change, on %s", (engine) => {
  let t: TestApp;
  let reader: TestMember;
  let other: TestMember;
  let thoughtId: string;
  const book = '/api/v1/books/test-one';

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { LIBRARY_CACHE_SECONDS: '10' } });
    await seedLibrary(t.db, { dataDir: t.dataDir, contentDir: FIXTURE_CONTENT_DIR });
    [reader, other] = [await signUpMember(t.app, 'Lamp Reader'), await signUpMember(t.app, 'Ink Other')];
    const posted = await call(t.app, other, 'POST', '/api/v1/thoughts', { content: 'A candle in the study' });
    expect(posted.statusCode, posted.body).toBe(201);
    thoughtId = posted.json().id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const read = (member: TestMember, url: string, etag?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { cookie: member.cookie, ...(etag ? { 'if-none-match': etag } : {}) },
    });

  /** Reads `url` twice and once more with the ETag: the same bytes, then a bodiless 304. */
  async function unchanged(member: TestMember, url: string): Promise<{ body: string; etag: string }> {
    const [first, second] = [await read(member, url), await read(member, url)];
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['cache-control'], url).toBe('private, no-cache');
    expect(second.body, url).toBe(first.body);
    const etag = first.headers.etag as string;
    expect(etag, url).toMatch(/^"/);
    expect(second.headers.etag, url).toBe(etag);
    const again = await read(member, url, etag);
    expect(again.statusCode, url).toBe(304);
    expect(again.body, url).toBe('');
    return { body: first.body, etag };
  }

  /** The answer to a browser holding `before`: the new bytes with a new ETag. */
  async function changed(member: TestMember, url: string, before: { etag: string }) {
    const res = await read(member, url, before.etag);
    expect(res.statusCode, url).toBe(200);
    expect(res.headers.etag, url).not.toBe(before.etag);
    return res.json();
  }

  it("a browser that has a screen's current bytes gets a 304, for each of the four screens", async () => {
    for (const url of [book, `${book}/read`, `/api/v1/users/${other.userNumber}`, '/api/v1/thoughts']) {
      await unchanged(reader, url);
    }
  });

  it("the member's own bookmark, progress, like and block are in the very next answer", async () => {
    const preview = await unchanged(reader, book);
    const reading = await unchanged(reader, `${book}/read`);
    const profile = await unchanged(reader, `/api/v1/users/${other.userNumber}`);
    const feed = await unchanged(reader, '/api/v1/thoughts');

    expect((await call(t.app, reader, 'PUT', `${book}/bookmark`)).statusCode).toBe(200);
    expect(bookPreviewSchema.parse(await changed(reader, book, preview)).state.bookmarked).toBe(true);
    const saved = await call(t.app, reader, 'PUT', `${book}/progress`, { pageNumber: 2, lang: 'en' });
    expect(saved.statusCode, saved.body).toBe(200);
    const state = bookReadingSchema.parse(await changed(reader, `${book}/read`, reading)).state;
    expect(state).toMatchObject({ bookmarked: true, progress: { pageNumber: 2, lang: 'en' } });

    expect((await call(t.app, reader, 'PUT', `/api/v1/thoughts/${thoughtId}/like`)).statusCode).toBe(200);
    const liked = thoughtPageSchema.parse(await changed(reader, '/api/v1/thoughts', feed));
    expect(liked.items.find((item) => item.id === thoughtId)).toMatchObject({
      userLiked: true,
      likeCount: 1,
    });

    expect((await call(t.app, reader, 'PUT', `/api/v1/blocks/${other.userNumber}`)).statusCode).toBe(204);
    const blocked = profilePageSchema.parse(
      await changed(reader, `/api/v1/users/${other.userNumber}`, profile),
    );
    expect(blocked.profile.blockedByMe).toBe(true);
    expect(blocked.thoughts.items).toEqual([]);
    expect((await call(t.app, reader, 'DELETE', `/api/v1/blocks/${other.userNumber}`)).statusCode).toBe(204);
    expect((await call(t.app, reader, 'DELETE', `/api/v1/thoughts/${thoughtId}/like`)).statusCode).toBe(200);
  });

  it("another member's review and thought are in the very next answer", async () => {
    const preview = await unchanged(reader, book);
    const profile = await unchanged(reader, `/api/v1/users/${other.userNumber}`);
    const feed = await unchanged(reader, '/api/v1/thoughts');
    const rated = await call(t.app, other, 'POST', `${book}/comments`, { rating: 4, comment: 'Warm light.' });
    expect(rated.statusCode, rated.body).toBe(201);
    const reviews = bookPreviewSchema.parse(await changed(reader, book, preview)).comments.items;
    expect(reviews.map((review) => review.comment)).toContain('Warm light.');

    const posted = await call(t.app, other, 'POST', '/api/v1/thoughts', { content: 'A second candle' });
    expect(posted.statusCode, posted.body).toBe(201);
    const newest = thoughtPageSchema.parse(await changed(reader, '/api/v1/thoughts', feed)).items[0];
    expect(newest?.content).toBe('A second candle');
    const theirs = profilePageSchema.parse(
      await changed(reader, `/api/v1/users/${other.userNumber}`, profile),
    );
    expect(theirs.profile.counts.thoughts).toBe(2);
    expect(theirs.thoughts.items[0]?.content).toBe('A second candle');
  });

  it("two members reading the same screens each get their own, never the other's", async () => {
    expect((await call(t.app, other, 'PUT', `${book}/bookmark`)).statusCode).toBe(200);
    await call(t.app, reader, 'DELETE', `${book}/bookmark`);
    for (let round = 0; round < 2; round++) {
      const mine = bookPreviewSchema.parse((await read(reader, book)).json());
      const theirs = bookPreviewSchema.parse((await read(other, book)).json());
      expect(mine.state.bookmarked).toBe(false);
      expect(theirs.state.bookmarked).toBe(true);
      const myView = profilePageSchema.parse(
        (await read(reader, `/api/v1/users/${other.userNumber}`)).json(),
      );
      const ownView = profilePageSchema.parse(
        (await read(other, `/api/v1/users/${other.userNumber}`)).json(),
      );
      expect(myView.profile.isMe).toBe(false);
      expect(ownView.profile.isMe).toBe(true);
      const myFeed = thoughtPageSchema.parse((await read(reader, '/api/v1/thoughts')).json());
      const theirFeed = thoughtPageSchema.parse((await read(other, '/api/v1/thoughts')).json());
      expect(myFeed.items.every((item) => !item.isMine)).toBe(true);
      expect(theirFeed.items.every((item) => item.isMine)).toBe(true);
    }
  });
});
