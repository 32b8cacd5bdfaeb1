// The feed's and a profile's remembered first page (thoughts.service.ts, decision 010): every
// write that changes what such a page shows is visible in the very next read on this instance,
// each viewer sees their own likes and blocks on the shared page, and a change written by another
// instance (straight into the database here) shows within LIBRARY_CACHE_SECONDS.
import {
  profilePageSchema,
  type Thought,
  thoughtPageSchema,
  thoughtSchema,
} from '@sahifa/contracts/community';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, callMultipart, signUpMember, type TestMember } from '#server/test/library-helpers.ts';
import { decideOnReport, signUpOperator } from '#server/test/operator-helpers.ts';
import { createTestApp, engines, type TestApp } from '#server/test/test-app.ts';

describe.each(engines)('remembered first pages of thoughts on %s', (engine) => {
  let t: TestApp;
  let alice: TestMember;
  let bob: TestMember;
  let carol: TestMember;

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { LIBRARY_CACHE_SECONDS: '10' } });
    [alice, bob, carol] = [
      await signUpMember(t.app, 'Alice Ink'),
      await signUpMember(t.app, 'Bob Quill'),
      await signUpMember(t.app, 'Carol Page'),
    ];
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function post(member: TestMember, content: string): Promise<Thought> {
    const res = await call(t.app, member, 'POST', '/api/v1/thoughts', { content });
    expect(res.statusCode, res.body).toBe(201);
    return thoughtSchema.parse(res.json());
  }
  async function feed(viewer: TestMember) {
    const res = await call(t.app, viewer, 'GET', '/api/v1/thoughts');
    expect(res.statusCode, res.body).toBe(200);
    return thoughtPageSchema.parse(res.json());
  }
  async function profileThoughts(viewer: TestMember, of: TestMember) {
    const res = await call(t.app, viewer, 'GET', `/api/v1/users/${of.userNumber}`);
    expect(res.statusCode, res.body).toBe(200);
    return profilePageSchema.parse(res.json()).thoughts;
  }
  const find = (page: { items: Thought[] }, id: string) => page.items.find((item) => item.id === id);
  /** The feed's first page is read the same way by every member: another member reads it first. */
  const warm = () => Promise.all([feed(carol), profileThoughts(carol, alice), profileThoughts(carol, bob)]);

  it('shows a new thought, a like, a reply and a deletion in the next read of the feed and the profile', async () => {
    await warm();
    const thought = await post(alice, 'A lamp in the study');
    expect((await feed(carol)).items[0]?.id).toBe(thought.id);
    expect((await profileThoughts(carol, alice)).items[0]?.id).toBe(thought.id);

    await warm();
    const liked = await call(t.app, bob, 'PUT', `/api/v1/thoughts/${thought.id}/like`);
    expect(liked.statusCode, liked.body).toBe(200);
    expect(find(await feed(carol), thought.id)).toMatchObject({ likeCount: 1, userLiked: false });
    expect(find(await feed(bob), thought.id)).toMatchObject({ likeCount: 1, userLiked: true });
    expect(find(await profileThoughts(bob, alice), thought.id)).toMatchObject({
      likeCount: 1,
      userLiked: true,
    });

    await warm();
    const replied = await call(t.app, carol, 'POST', `/api/v1/thoughts/${thought.id}/replies`, {
      reply: 'Mine is a candle',
    });
    expect(replied.statusCode, replied.body).toBe(201);
    expect(find(await feed(bob), thought.id)).toMatchObject({ replyCount: 1, likeCount: 1 });

    await warm();
    expect((await call(t.app, bob, 'DELETE', `/api/v1/thoughts/${thought.id}/like`)).statusCode).toBe(200);
    expect(find(await feed(bob), thought.id)).toMatchObject({ likeCount: 0, userLiked: false });

    await warm();
    expect((await call(t.app, alice, 'DELETE', `/api/v1/thoughts/${thought.id}`)).statusCode).toBe(204);
    expect(find(await feed(carol), thought.id)).toBeUndefined();
    expect(find(await profileThoughts(carol, alice), thought.id)).toBeUndefined();
  });

  it("marks what is the viewer's own on the one remembered page", async () => {
    const thought = await post(bob, 'Margins are for arguing');
    await call(t.app, carol, 'PUT', `/api/v1/thoughts/${thought.id}/like`);
    await feed(alice);
    expect(find(await feed(bob), thought.id)).toMatchObject({ isMine: true, userLiked: false, likeCount: 1 });
    expect(find(await feed(carol), thought.id)).toMatchObject({
      isMine: false,
      userLiked: true,
      likeCount: 1,
    });
    expect(find(await feed(alice), thought.id)).toMatchObject({
      isMine: false,
      userLiked: false,
      likeCount: 1,
    });
  });

  it("shows an author's new name and bio in the next read", async () => {
    const thought = await post(bob, 'Names change, books stay');
    await warm();
    const renamed = await callMultipart(t.app, bob, 'PATCH', '/api/v1/me/profile', {
      data: JSON.stringify({ displayName: 'Robert Quill', bio: 'Ink and paper.' }),
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const expected = { displayName: 'Robert Quill', bio: 'Ink and paper.' };
    expect(find(await feed(carol), thought.id)?.author).toMatchObject(expected);
    expect(find(await profileThoughts(carol, bob), thought.id)?.author).toMatchObject(expected);
  });

  it('leaves a blocked member out at once and still fills the page; others still see them', async () => {
    for (let i = 0; i < 21; i++) await post(alice, `Alice's note ${i}`);
    const bobs = await post(bob, 'Between the notes');
    for (let i = 0; i < 3; i++) await post(alice, `Alice's late note ${i}`);
    expect(find(await feed(carol), bobs.id)).toBeDefined();

    expect((await call(t.app, carol, 'PUT', `/api/v1/blocks/${bob.userNumber}`)).statusCode).toBe(204);
    const blocked = await feed(carol);
    expect(find(blocked, bobs.id)).toBeUndefined();
    expect(blocked.items).toHaveLength(20);
    expect(blocked.items.every((item) => item.author.userNumber !== bob.userNumber)).toBe(true);
    expect((await profileThoughts(carol, bob)).items).toEqual([]);
    expect(find(await feed(alice), bobs.id)).toBeDefined();

    expect((await call(t.app, carol, 'DELETE', `/api/v1/blocks/${bob.userNumber}`)).statusCode).toBe(204);
    expect(find(await feed(carol), bobs.id)).toBeDefined();
  });

  it('shows an operator hiding a thought in the next read', async () => {
    const operator = await signUpOperator(t);
    const thought = await post(bob, 'Spam spam spam');
    await warm();
    await decideOnReport(
      t.app,
      { reporter: carol, operator },
      { kind: 'thought', targetId: thought.id },
      'hide',
    );
    expect(find(await feed(alice), thought.id)).toBeUndefined();
    expect(find(await profileThoughts(alice, bob), thought.id)).toBeUndefined();
  });

  it("shows another instance's thought within LIBRARY_CACHE_SECONDS", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const before = await feed(alice);
    const date = new Date(Date.now() + 1000).toISOString();
    await t.db
      .insertInto('thought')
      .values({
        id: 'written-elsewhere',
        user_id: bob.id,
        added_by: 'Robert Quill',
        content: 'From afar',
        date,
      })
      .execute();
    expect((await feed(alice)).items).toEqual(before.items);
    vi.setSystemTime(Date.now() + 10_001);
    expect((await feed(alice)).items[0]?.id).toBe('written-elsewhere');
  });

  it("shows a like written by another instance in the liker's own feed within LIBRARY_CACHE_SECONDS", async () => {
    const thought = await post(bob, 'Liked from afar');
    expect(find(await feed(alice), thought.id)).toMatchObject({ userLiked: false });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    await t.db
      .insertInto('thought_like')
      .values({ thought_id: thought.id, user_id: alice.id, created_at: new Date().toISOString() })
      .execute();
    // Alice's view of the remembered page is remembered with it (decision 010).
    expect(find(await feed(alice), thought.id)).toMatchObject({ userLiked: false });
    vi.setSystemTime(Date.now() + 10_001);
    expect(find(await feed(alice), thought.id)).toMatchObject({ userLiked: true });
  });
});
