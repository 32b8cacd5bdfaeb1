import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import {
  profilePageSchema,
  profileSchema,
  summaryPageSchema,
  thoughtPageSchema,
} from '@sahifa/contracts/community';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLibrary } from '#server/seed/seed.ts';
import { getSession } from '#server/test/auth-helpers.ts';
import { photo } from '#server/test/images.ts';
import {
  call,
  countQueries,
  insertBook,
  signUpMember,
  type TestMember,
} from '#server/test/library-helpers.ts';
import { type FormFile, multipart } from '#server/test/multipart.ts';
import {
  createTestApp,
  engines,
  FIXTURE_CONTENT_DIR,
  TEST_ORIGIN,
  type TestApp,
} from '#server/test/test-app.ts';

const AVATAR_URL = /^\/uploads\/user_avatars\/[0-9a-f-]{36}$/;

describe.each(engines)('public profiles and profile editing on %s', (engine) => {
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

  const avatarsDir = () => path.join(t.dataDir, 'uploads', 'user_avatars');
  const storedAvatars = () => (existsSync(avatarsDir()) ? readdirSync(avatarsDir()) : []);
  const userRow = (id: string) =>
    t.db.selectFrom('user').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  async function patch(member: TestMember | null, data?: unknown, avatar?: FormFile) {
    const form = await multipart({
      data: data === undefined ? undefined : typeof data === 'string' ? data : JSON.stringify(data),
      avatar,
    });
    return t.app.inject({
      method: 'PATCH',
      url: '/api/v1/me/profile',
      payload: form.payload,
      headers: { ...form.headers, origin: TEST_ORIGIN, ...(member ? { cookie: member.cookie } : {}) },
    });
  }
  const png = async (width = 600, height = 400): Promise<FormFile> => ({
    bytes: await photo('png', width, height),
    filename: 'me.png',
    type: 'image/png',
  });

  it('refuses every endpoint when signed out, changing nothing', async () => {
    for (const url of [
      `/api/v1/users/${alice.userNumber}`,
      `/api/v1/users/${alice.userNumber}/thoughts`,
      `/api/v1/users/${alice.userNumber}/summaries`,
    ]) {
      const res = await call(t.app, null, 'GET', url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().error.message).toBe('No authenticated user');
    }
    const res = await patch(null, { bio: 'hacked' }, await png());
    expect(res.statusCode).toBe(401);
    expect((await userRow(alice.id)).bio).toBeNull();
    expect(storedAvatars()).toEqual([]);
  });

  it("answers 'Darker not found' for a non-numeric or unknown member", async () => {
    for (const url of [
      '/api/v1/users/abc',
      '/api/v1/users/999999999',
      '/api/v1/users/999999999/thoughts',
      '/api/v1/users/999999999/summaries',
      // Beyond the integer column (PostgreSQL refused it with a 500).
      '/api/v1/users/99999999999',
      '/api/v1/users/99999999999/thoughts',
      '/api/v1/users/99999999999/summaries',
    ]) {
      const res = await call(t.app, alice, 'GET', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.message).toBe('Darker not found');
    }
  });

  it('shows a profile with counts, their thoughts and their published summaries', async () => {
    await insertBook(t.db, {
      id: 'bob-book',
      categoryId: 'philosophy',
      addedAt: '2024-01-01T00:00:00.000Z',
      source: 'member',
      userId: bob.id,
    });
    for (const content of ['one', 'two', 'three']) {
      await call(t.app, bob, 'POST', '/api/v1/thoughts', { content });
    }
    await call(t.app, alice, 'POST', '/api/v1/thoughts', { content: 'not Bob' });
    await t.db.updateTable('user').set({ name: '  ' }).where('id', '=', bob.id).execute();

    const res = await call(t.app, alice, 'GET', `/api/v1/users/${bob.userNumber}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = profilePageSchema.parse(res.json());
    expect(page.profile).toMatchObject({
      userNumber: bob.userNumber,
      displayName: 'Darker',
      photoURL: null,
      bio: null,
      counts: { thoughts: 3, summaries: 1 },
      isMe: false,
    });
    expect(page.thoughts.items.map((i) => i.content)).toEqual(['three', 'two', 'one']);
    expect(page.summaries.items.map((s) => s.id)).toEqual(['bob-book']);

    const more = thoughtPageSchema.parse(
      (await call(t.app, alice, 'GET', `/api/v1/users/${bob.userNumber}/thoughts?limit=2`)).json(),
    );
    expect(more.items.map((i) => i.content)).toEqual(['three', 'two']);
    const rest = thoughtPageSchema.parse(
      (
        await call(
          t.app,
          alice,
          'GET',
          `/api/v1/users/${bob.userNumber}/thoughts?limit=2&cursor=${more.nextCursor}`,
        )
      ).json(),
    );
    expect(rest).toEqual({ items: [expect.objectContaining({ content: 'one' })], nextCursor: null });
    await t.db.updateTable('user').set({ name: 'Bob' }).where('id', '=', bob.id).execute();
  });

  it('lists every summary a member published: the first 12 with the profile, the rest by cursor', async () => {
    const carol = await signUpMember(t.app, 'Carol');
    // More than the 50 the profile listed before it was paged.
    const ids = Array.from({ length: 55 }, (_, i) => `carol-${String(i).padStart(2, '0')}`);
    for (const [second, id] of ids.entries()) {
      await insertBook(t.db, {
        id,
        categoryId: 'philosophy',
        addedAt: new Date(Date.UTC(2024, 0, 1, 0, 0, second)).toISOString(),
        source: 'member',
        userId: carol.id,
      });
    }
    const newestFirst = [...ids].reverse();
    const page = profilePageSchema.parse(
      (await call(t.app, alice, 'GET', `/api/v1/users/${carol.userNumber}`)).json(),
    );
    expect(page.profile.counts.summaries).toBe(55);
    expect(page.summaries.items.map((book) => book.id)).toEqual(newestFirst.slice(0, 12));

    const seen = page.summaries.items.map((book) => book.id);
    let cursor = page.summaries.nextCursor;
    while (cursor) {
      const res = await call(
        t.app,
        alice,
        'GET',
        `/api/v1/users/${carol.userNumber}/summaries?cursor=${cursor}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      const next = summaryPageSchema.parse(res.json());
      seen.push(...next.items.map((book) => book.id));
      cursor = next.nextCursor;
    }
    expect(seen).toEqual(newestFirst);

    const firstTwo = summaryPageSchema.parse(
      (await call(t.app, alice, 'GET', `/api/v1/users/${carol.userNumber}/summaries?limit=2`)).json(),
    );
    expect(firstTwo.items.map((book) => book.id)).toEqual(newestFirst.slice(0, 2));
    for (const query of ['cursor=not-ours', 'limit=0', 'limit=51']) {
      const res = await call(t.app, alice, 'GET', `/api/v1/users/${carol.userNumber}/summaries?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });

  it("updates only the fields that are set; '' clears", async () => {
    const first = await patch(alice, {
      displayName: '  Alice A. ',
      pronouns: 'she/her',
      bio: '<b>Reader</b>',
      location: 'Cairo',
      website: 'https://example.com/me',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(profileSchema.parse(first.json())).toMatchObject({
      displayName: 'Alice A.',
      pronouns: 'she/her',
      bio: '<b>Reader</b>',
      location: 'Cairo',
      website: 'https://example.com/me',
      isMe: true,
    });
    const second = profileSchema.parse((await patch(alice, { bio: '', location: 'Giza' })).json());
    expect(second).toMatchObject({
      displayName: 'Alice A.',
      pronouns: 'she/her',
      bio: null,
      location: 'Giza',
      website: 'https://example.com/me',
    });
    expect((await userRow(bob.id)).bio).toBeNull();
  });

  describe('refuses bad input and writes nothing (no row change, no stored file)', () => {
    const cases: [string, () => Promise<[unknown, FormFile?]>, number][] = [
      ['a javascript: website', async () => [{ website: 'javascript:alert(1)' }], 400],
      ['a 100,000-character bio', async () => [{ bio: 'b'.repeat(100_000) }], 400],
      ['data that is not JSON', async () => ['{nope'], 400],
      [
        'an avatar that is text renamed .png',
        async () => [
          { bio: 'x' },
          { bytes: Buffer.from('hello, not an image'), filename: 'a.png', type: 'image/png' },
        ],
        400,
      ],
      [
        'a 20 MB avatar',
        async () => [
          { bio: 'x' },
          {
            bytes: Buffer.concat([await photo('png', 50, 50), Buffer.alloc(20 * 1024 * 1024, 7)]),
            filename: 'a.png',
          },
        ],
        413,
      ],
    ];
    it.each(cases)('%s', async (_name, make, status) => {
      const before = await userRow(alice.id);
      const [data, avatar] = await make();
      const res = await patch(alice, data, avatar);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().error.message).toBeTruthy();
      const after = await userRow(alice.id);
      expect(after).toEqual(before);
      expect(storedAvatars()).toEqual([]);
    });
  });

  it('replaces the avatar (256 px square WebP, no metadata) and deletes the old file; the session follows', async () => {
    const first = profileSchema.parse(
      (await patch(alice, { displayName: 'Alice B' }, await png(900, 300))).json(),
    );
    expect(first.photoURL).toMatch(AVATAR_URL);
    expect(storedAvatars()).toHaveLength(1);

    const second = profileSchema.parse((await patch(alice, undefined, await png(200, 500))).json());
    expect(second.photoURL).toMatch(AVATAR_URL);
    expect(second.photoURL).not.toBe(first.photoURL);
    expect(second.displayName).toBe('Alice B');
    expect(storedAvatars()).toEqual([path.basename(second.photoURL ?? '')]);

    const file = await t.app.inject({ method: 'GET', url: second.photoURL ?? '' });
    expect(file.statusCode).toBe(200);
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();

    const session = await getSession(t.app, alice.cookie);
    expect(session.json().user).toMatchObject({ name: 'Alice B', image: second.photoURL });

    // Bob's profile is untouched; removeAvatar clears Alice's and deletes the file.
    expect((await userRow(bob.id)).image).toBeNull();
    const removed = profileSchema.parse((await patch(alice, { removeAvatar: true })).json());
    expect(removed.photoURL).toBeNull();
    expect(storedAvatars()).toEqual([]);
  });

  it('never deletes an avatar it did not store', async () => {
    await t.db
      .updateTable('user')
      .set({ image: 'https://example.com/google.png' })
      .where('id', '=', bob.id)
      .execute();
    const res = profileSchema.parse((await patch(bob, {}, await png())).json());
    expect(res.photoURL).toMatch(AVATAR_URL);
    expect(storedAvatars()).toHaveLength(1);
  });

  it("never deletes another member's avatar, even when a member's picture points at it", async () => {
    const carol = await signUpMember(t.app, 'Carol');
    const dave = await signUpMember(t.app, 'Dave');
    const carols = profileSchema.parse((await patch(carol, {}, await png())).json()).photoURL ?? '';
    // As better-auth's update-user once allowed: Dave's picture set to Carol's file.
    await t.db.updateTable('user').set({ image: carols }).where('id', '=', dave.id).execute();

    const removed = await patch(dave, { removeAvatar: true });
    expect(removed.statusCode).toBe(200);
    expect((await userRow(dave.id)).image).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: carols })).statusCode).toBe(200);
    expect(storedAvatars()).toContain(path.basename(carols));
  });

  it('answers the profile screen with the same few queries however much the member wrote', async () => {
    const quiet = await signUpMember(t.app, 'Quiet');
    const cost = () =>
      countQueries(engine, () => call(t.app, alice, 'GET', `/api/v1/users/${quiet.userNumber}`));
    await cost(); // Alice's session is remembered from here on (auth/session-cache.ts).
    const small = await cost();
    for (let i = 0; i < 25; i++) await call(t.app, quiet, 'POST', '/api/v1/thoughts', { content: `t${i}` });
    expect(await cost()).toBe(small);
    // The profile with its counts, its thoughts, its summaries.
    expect(small).toBeLessThanOrEqual(3);
  });
});
