import {
  addedReplySchema,
  profilePageSchema,
  replyPageSchema,
  thoughtPageSchema,
  thoughtSchema,
  thoughtWithRepliesSchema,
} from '@sahifa/contracts/community';
import { blockListSchema } from '@sahifa/contracts/moderation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUpMember, type TestMember } from '#server/test/library-helpers.ts';
import { createTestApp, engines, type TestApp } from '#server/test/test-app.ts';

describe.each(engines)('blocking members on %s', (engine) => {
  let t: TestApp;
  let alice: TestMember;
  let bob: TestMember;
  let carol: TestMember;
  let aliceThought: string;
  let carolThought: string;
  let aliceReply: string;
  let bobReply: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    alice = await signUpMember(t.app, 'Alice Loud');
    bob = await signUpMember(t.app, 'Bob Blocker');
    carol = await signUpMember(t.app, 'Carol Calm');
    const post = async (member: TestMember, content: string) =>
      thoughtSchema.parse((await call(t.app, member, 'POST', '/api/v1/thoughts', { content })).json()).id;
    const answer = async (member: TestMember, thoughtId: string, reply: string) =>
      addedReplySchema.parse(
        (await call(t.app, member, 'POST', `/api/v1/thoughts/${thoughtId}/replies`, { reply })).json(),
      ).reply.id;
    aliceThought = await post(alice, 'Alice says something.');
    carolThought = await post(carol, 'Carol asks a question.');
    aliceReply = await answer(alice, carolThought, 'Alice butts in.');
    bobReply = await answer(bob, carolThought, 'Bob answers.');
  });
  afterAll(async () => {
    await t?.close();
  });

  const blockRows = () => t.db.selectFrom('member_block').selectAll().execute();
  const feed = async (member: TestMember) =>
    thoughtPageSchema
      .parse((await call(t.app, member, 'GET', '/api/v1/thoughts')).json())
      .items.map((i) => i.id);
  const profile = async (viewer: TestMember, of: TestMember) =>
    profilePageSchema.parse((await call(t.app, viewer, 'GET', `/api/v1/users/${of.userNumber}`)).json());
  const thoughtPage = async (viewer: TestMember) =>
    thoughtWithRepliesSchema.parse(
      (await call(t.app, viewer, 'GET', `/api/v1/users/${carol.userNumber}/thoughts/${carolThought}`)).json(),
    );
  const replies = async (viewer: TestMember) =>
    replyPageSchema
      .parse((await call(t.app, viewer, 'GET', `/api/v1/thoughts/${carolThought}/replies`)).json())
      .items.map((r) => r.id);

  it('answers 401 signed out on every route, and nothing is written', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/blocks'],
      ['PUT', `/api/v1/blocks/${alice.userNumber}`],
      ['DELETE', `/api/v1/blocks/${alice.userNumber}`],
    ] as const) {
      const res = await call(t.app, null, method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await blockRows()).toEqual([]);
  });

  it('is 400 for oneself or a malformed number and 404 for an unknown member; nothing is written', async () => {
    for (const method of ['PUT', 'DELETE'] as const) {
      const self = await call(t.app, bob, method, `/api/v1/blocks/${bob.userNumber}`);
      expect(self.statusCode).toBe(400);
      expect(self.json().error).toEqual({ code: 'CANNOT_BLOCK_SELF', message: 'You cannot block yourself.' });
      expect((await call(t.app, bob, method, `/api/v1/blocks/${'9'.repeat(31)}`)).statusCode).toBe(400);
      for (const number of ['999999', '99999999999', '0', 'abc', '-1']) {
        const res = await call(t.app, bob, method, `/api/v1/blocks/${number}`);
        expect(res.statusCode, `${method} ${number}`).toBe(404);
        expect(res.json().error).toEqual({ code: 'USER_NOT_FOUND', message: 'Darker not found' });
      }
    }
    expect(await blockRows()).toEqual([]);
  });

  it("leaves a blocked member's thoughts and replies out of what the blocker sees; counts stay", async () => {
    expect(await feed(bob)).toEqual(expect.arrayContaining([aliceThought, carolThought]));
    const first = await call(t.app, bob, 'PUT', `/api/v1/blocks/${alice.userNumber}`);
    expect(first.statusCode, first.body).toBe(204);
    const [row] = await blockRows();
    const again = await call(t.app, bob, 'PUT', `/api/v1/blocks/${alice.userNumber}`);
    expect(again.statusCode).toBe(204);
    expect(await blockRows()).toEqual([row]);

    const list = blockListSchema.parse((await call(t.app, bob, 'GET', '/api/v1/blocks')).json());
    expect(list.items).toEqual([
      { userNumber: alice.userNumber, displayName: 'Alice Loud', photoURL: null, blockedAt: row?.created_at },
    ]);
    expect(blockListSchema.parse((await call(t.app, alice, 'GET', '/api/v1/blocks')).json()).items).toEqual(
      [],
    );

    // Bob no longer sees Alice's thought or reply; Carol's thought keeps its stored counts.
    expect(await feed(bob)).not.toContain(aliceThought);
    expect(await feed(bob)).toContain(carolThought);
    const page = await thoughtPage(bob);
    expect(page.replies.items.map((r) => r.id)).toEqual([bobReply]);
    expect(page.thought.replyCount).toBe(2);
    expect(await replies(bob)).toEqual([bobReply]);
    const aliceProfile = await profile(bob, alice);
    expect(aliceProfile.profile).toMatchObject({ blockedByMe: true, counts: { thoughts: 1 } });
    expect(aliceProfile.thoughts.items).toEqual([]);
    const more = await call(t.app, bob, 'GET', `/api/v1/users/${alice.userNumber}/thoughts`);
    expect(thoughtPageSchema.parse(more.json()).items).toEqual([]);

    // Nobody else is affected, Alice included (a block is one-way).
    for (const viewer of [alice, carol]) {
      expect(await feed(viewer)).toEqual(expect.arrayContaining([aliceThought, carolThought]));
      expect(await replies(viewer)).toEqual(expect.arrayContaining([aliceReply, bobReply]));
    }
    expect((await profile(carol, alice)).profile.blockedByMe).toBe(false);
    expect((await profile(alice, bob)).profile.blockedByMe).toBe(false);
  });

  it('unblocking brings everything back, and is idempotent', async () => {
    await call(t.app, bob, 'PUT', `/api/v1/blocks/${alice.userNumber}`);
    for (let i = 0; i < 2; i += 1) {
      const res = await call(t.app, bob, 'DELETE', `/api/v1/blocks/${alice.userNumber}`);
      expect(res.statusCode, res.body).toBe(204);
    }
    expect(await blockRows()).toEqual([]);
    expect(await feed(bob)).toEqual(expect.arrayContaining([aliceThought, carolThought]));
    expect(await replies(bob)).toEqual(expect.arrayContaining([aliceReply, bobReply]));
    const aliceProfile = await profile(bob, alice);
    expect(aliceProfile.profile.blockedByMe).toBe(false);
    expect(aliceProfile.thoughts.items.map((i) => i.id)).toEqual([aliceThought]);
    expect(blockListSchema.parse((await call(t.app, bob, 'GET', '/api/v1/blocks')).json()).items).toEqual([]);
  });

  it("one member's blocks never change another's", async () => {
    await call(t.app, bob, 'PUT', `/api/v1/blocks/${alice.userNumber}`);
    await call(t.app, carol, 'PUT', `/api/v1/blocks/${bob.userNumber}`);
    const carolList = blockListSchema.parse((await call(t.app, carol, 'GET', '/api/v1/blocks')).json());
    expect(carolList.items.map((i) => i.userNumber)).toEqual([bob.userNumber]);
    expect(await replies(carol)).toEqual([aliceReply]);
    expect(await replies(bob)).toEqual([bobReply]);
    await call(t.app, carol, 'DELETE', `/api/v1/blocks/${bob.userNumber}`);
    await call(t.app, bob, 'DELETE', `/api/v1/blocks/${alice.userNumber}`);
  });
});
