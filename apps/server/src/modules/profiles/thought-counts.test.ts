// A member's thoughts count on their profile from the moment they are posted until they are
// deleted or hidden, and a thought's likes and replies in the feed follow every like, unlike,
// reply, deleted and hidden reply: the counters (user.thought_count, thought.like_count and
// reply_count) change in the same transaction as the rows they count, so the very next read shows it.
import { profilePageSchema, thoughtPageSchema, thoughtSchema } from '@sahifa/contracts/community';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUpMember, type TestMember } from '#server/test/library-helpers.ts';
import { decideOnReport, signUpOperator } from '#server/test/operator-helpers.ts';
import { createTestApp, engines, type TestApp } from '#server/test/test-app.ts';

describe.each(engines)('thought counts on %s', (engine) => {
  let t: TestApp;
  let alice: TestMember;
  let bob: TestMember;
  let operator: TestMember;

  beforeAll(async () => {
    t = await createTestApp(engine);
    alice = await signUpMember(t.app, 'Alice Thinker');
    bob = await signUpMember(t.app, 'Bob Reader');
    operator = await signUpOperator(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Alice's thought count as Bob sees it on her profile, and as she sees it on her own. */
  async function aliceCount() {
    const counts = [];
    for (const viewer of [bob, alice]) {
      const res = await call(t.app, viewer, 'GET', `/api/v1/users/${alice.userNumber}`);
      expect(res.statusCode, res.body).toBe(200);
      counts.push(profilePageSchema.parse(res.json()).profile.counts.thoughts);
    }
    expect(counts[0], 'the same for everyone').toBe(counts[1]);
    return counts[0];
  }

  async function post(member: TestMember, content: string) {
    const res = await call(t.app, member, 'POST', '/api/v1/thoughts', { content });
    expect(res.statusCode, res.body).toBe(201);
    return thoughtSchema.parse(res.json()).id;
  }

  /** An operator's decision on a report of a thought or reply. */
  async function decide(kind: 'thought' | 'reply', targetId: string, action: 'hide' | 'delete') {
    await decideOnReport(t.app, { reporter: bob, operator }, { kind, targetId }, action);
  }

  it("follows every post, delete and hide of a member's thoughts at once", async () => {
    expect(await aliceCount()).toBe(0);
    const first = await post(alice, 'The first thought.');
    expect(await aliceCount()).toBe(1);
    const second = await post(alice, 'The second thought.');
    await post(bob, "Bob's thought is not Alice's.");
    expect(await aliceCount()).toBe(2);

    expect((await call(t.app, alice, 'DELETE', `/api/v1/thoughts/${first}`)).statusCode).toBe(204);
    expect(await aliceCount()).toBe(1);

    // Hidden by an operator: out of the count, and deleting it afterwards takes nothing more off.
    await decide('thought', second, 'hide');
    expect(await aliceCount()).toBe(0);
    expect((await call(t.app, alice, 'DELETE', `/api/v1/thoughts/${second}`)).statusCode).toBe(204);
    expect(await aliceCount()).toBe(0);

    // Deleted by an operator.
    const third = await post(alice, 'The third thought.');
    expect(await aliceCount()).toBe(1);
    await decide('thought', third, 'delete');
    expect(await aliceCount()).toBe(0);

    const stored = await t.db
      .selectFrom('user')
      .select('thought_count')
      .where('id', '=', bob.id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.thought_count)).toBe(1);
  });

  it('counts each thought once when many are posted, deleted and hidden at the same time', async () => {
    const carol = await signUpMember(t.app, 'Carol Concurrent');
    const ids = await Promise.all(Array.from({ length: 20 }, (_, i) => post(carol, `At once ${i}.`)));
    const reports = [];
    for (const id of ids.slice(0, 6)) {
      const res = await call(t.app, bob, 'POST', '/api/v1/reports', {
        kind: 'thought',
        targetId: id,
        reason: 'spam',
      });
      expect(res.statusCode, res.body).toBe(201);
      reports.push(res.json().id as string);
    }
    // Carol deletes ten while an operator hides six of them and deletes none of the others.
    await Promise.all([
      ...ids.slice(0, 10).map((id) => call(t.app, carol, 'DELETE', `/api/v1/thoughts/${id}`)),
      ...reports.map((id) =>
        call(t.app, operator, 'POST', `/api/v1/admin/reports/${id}/decision`, { action: 'hide' }),
      ),
    ]);
    const visible = await t.db
      .selectFrom('thought')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', carol.id)
      .where('hidden_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(visible.n)).toBe(10);
    const res = await call(t.app, bob, 'GET', `/api/v1/users/${carol.userNumber}`);
    expect(profilePageSchema.parse(res.json()).profile.counts.thoughts).toBe(10);
  });

  it("follows every like, unlike, reply, deleted and hidden reply in the feed's counts at once", async () => {
    const thought = await post(alice, 'A thought to like and answer.');
    const inFeed = async () => {
      const res = await call(t.app, bob, 'GET', '/api/v1/thoughts');
      expect(res.statusCode, res.body).toBe(200);
      const found = thoughtPageSchema.parse(res.json()).items.find((item) => item.id === thought);
      return { likes: found?.likeCount, replies: found?.replyCount };
    };
    const like = (member: TestMember, method: 'PUT' | 'DELETE') =>
      call(t.app, member, method, `/api/v1/thoughts/${thought}/like`);
    const reply = async (member: TestMember, text: string) => {
      const res = await call(t.app, member, 'POST', `/api/v1/thoughts/${thought}/replies`, { reply: text });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().reply.id as string;
    };

    expect(await inFeed()).toEqual({ likes: 0, replies: 0 });
    expect((await like(bob, 'PUT')).statusCode).toBe(200);
    expect((await like(alice, 'PUT')).statusCode).toBe(200);
    expect(await inFeed()).toEqual({ likes: 2, replies: 0 });
    expect((await like(bob, 'DELETE')).statusCode).toBe(200);
    expect(await inFeed()).toEqual({ likes: 1, replies: 0 });

    const kept = await reply(bob, 'A reply that stays.');
    const deleted = await reply(bob, 'A reply its author deletes.');
    const hidden = await reply(alice, 'A reply an operator hides.');
    expect(await inFeed()).toEqual({ likes: 1, replies: 3 });
    expect((await call(t.app, bob, 'DELETE', `/api/v1/replies/${deleted}`)).statusCode).toBe(200);
    expect(await inFeed()).toEqual({ likes: 1, replies: 2 });
    await decide('reply', hidden, 'hide');
    expect(await inFeed()).toEqual({ likes: 1, replies: 1 });
    expect(kept).toBeTruthy();
  });
});
