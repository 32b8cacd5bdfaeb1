import {
  addedReplySchema,
  likeStateSchema,
  replyPageSchema,
  thoughtPageSchema,
  thoughtSchema,
  thoughtWithRepliesSchema,
} from '@sahifa/contracts/community';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, countQueries, signUpMember, type TestMember } from '#server/test/library-helpers.ts';
import { createTestApp, engines, type TestApp } from '#server/test/test-app.ts';

describe.each(engines)('thoughts, replies and likes on %s', (engine) => {
  let t: TestApp;
  let alice: TestMember;
  let bob: TestMember;

  beforeAll(async () => {
    t = await createTestApp(engine);
    alice = await signUpMember(t.app, 'Alice');
    bob = await signUpMember(t.app, 'Bob');
  });
  afterAll(async () => {
    await t?.close();
  });

  const count = async (table: 'thought' | 'thought_reply' | 'thought_like', thoughtId?: string) => {
    let query = t.db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n'));
    if (thoughtId) {
      query =
        table === 'thought'
          ? query.where('id', '=', thoughtId)
          : query.where('thought_id' as never, '=', thoughtId as never);
    }
    return Number((await query.executeTakeFirstOrThrow()).n);
  };
  const counters = (thoughtId: string) =>
    t.db
      .selectFrom('thought')
      .select(['like_count', 'reply_count'])
      .where('id', '=', thoughtId)
      .executeTakeFirstOrThrow()
      .then((r) => ({ likes: Number(r.like_count), replies: Number(r.reply_count) }));

  async function post(member: TestMember, content: string) {
    const res = await call(t.app, member, 'POST', '/api/v1/thoughts', { content });
    expect(res.statusCode, res.body).toBe(201);
    return thoughtSchema.parse(res.json());
  }
  async function reply(member: TestMember, thoughtId: string, text: string) {
    const res = await call(t.app, member, 'POST', `/api/v1/thoughts/${thoughtId}/replies`, { reply: text });
    expect(res.statusCode, res.body).toBe(201);
    return addedReplySchema.parse(res.json());
  }

  it('refuses every endpoint when signed out', async () => {
    const requests: [Parameters<typeof call>[2], string, unknown?][] = [
      ['GET', '/api/v1/thoughts'],
      ['POST', '/api/v1/thoughts', { content: 'x' }],
      ['POST', '/api/v1/thoughts', { content: '' }],
      ['DELETE', '/api/v1/thoughts/some-id'],
      ['PUT', '/api/v1/thoughts/some-id/like'],
      ['DELETE', '/api/v1/thoughts/some-id/like'],
      ['GET', '/api/v1/users/1000/thoughts/some-id'],
      ['GET', '/api/v1/thoughts/some-id/replies'],
      ['POST', '/api/v1/thoughts/some-id/replies', { reply: 'x' }],
      ['DELETE', '/api/v1/replies/some-id'],
    ];
    for (const [method, url, payload] of requests) {
      const res = await call(t.app, null, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().error.message).toBe('No authenticated user');
    }
    expect(await count('thought')).toBe(0);
  });

  it('posts a thought with its author; HTML-looking text is stored and returned as-is', async () => {
    const content = '<script>alert(1)</script>\n<b>bold</b> & "quotes"';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/thoughts',
      payload: { content: `  ${content}  ` },
      headers: { origin: 'http://localhost:3000', cookie: alice.cookie, 'user-agent': 'U'.repeat(500) },
    });
    expect(res.statusCode, res.body).toBe(201);
    const thought = thoughtSchema.parse(res.json());
    expect(thought).toMatchObject({
      content,
      likeCount: 0,
      replyCount: 0,
      userLiked: false,
      isMine: true,
      author: { userNumber: alice.userNumber, displayName: 'Alice', photoURL: null, bio: null },
    });
    expect(new Date(thought.author.createdAt).toISOString()).toBe(thought.author.createdAt);
    const row = await t.db
      .selectFrom('thought')
      .selectAll()
      .where('id', '=', thought.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ content, added_by: 'Alice', user_id: alice.id });
    expect(row.device_info).toHaveLength(200);

    const feed = thoughtPageSchema.parse((await call(t.app, bob, 'GET', '/api/v1/thoughts')).json());
    expect(feed.items[0]).toMatchObject({ id: thought.id, content, isMine: false });
    // The answer to the post is the thought exactly as its author's feed then shows it.
    const own = thoughtPageSchema.parse((await call(t.app, alice, 'GET', '/api/v1/thoughts')).json());
    expect(own.items[0]).toEqual(thought);
  });

  it('refuses blank, oversized and malformed thoughts and replies, writing nothing', async () => {
    const before = await count('thought');
    for (const content of ['', '   \n\t ', 'x'.repeat(2_001)]) {
      const res = await call(t.app, alice, 'POST', '/api/v1/thoughts', { content });
      expect(res.statusCode).toBe(400);
    }
    expect((await call(t.app, alice, 'POST', '/api/v1/thoughts', {})).statusCode).toBe(400);
    expect(await count('thought')).toBe(before);
    expect(
      (await call(t.app, alice, 'POST', '/api/v1/thoughts', { content: 'x'.repeat(2_000) })).statusCode,
    ).toBe(201);

    const target = await post(alice, 'Reply to me');
    for (const text of ['', '  ', 'y'.repeat(1_001)]) {
      const res = await call(t.app, bob, 'POST', `/api/v1/thoughts/${target.id}/replies`, { reply: text });
      expect(res.statusCode).toBe(400);
    }
    const unknown = await call(t.app, bob, 'POST', '/api/v1/thoughts/nope/replies', { reply: 'hi' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('THOUGHT_NOT_FOUND');
    expect(await count('thought_reply')).toBe(0);
    expect(await counters(target.id)).toEqual({ likes: 0, replies: 0 });
    expect((await call(t.app, alice, 'GET', '/api/v1/thoughts?cursor=bad!')).statusCode).toBe(400);
  });

  it('refuses thoughts and replies of only invisible characters, or with control characters, writing nothing', async () => {
    const thoughtsBefore = await count('thought');
    const repliesBefore = await count('thought_reply');
    const target = await post(alice, 'Something visible');
    const invisible = [
      '\u200B\u200C\u200D\u2060\uFEFF',
      '\u200B \n\t\u200B',
      '\u3164\u115F\u1160',
      '\u00A0\u2028\u200E',
    ];
    for (const text of [...invisible, 'hello\u0000world', '\u0000', 'bell\u0007', 'c1\u0085control']) {
      const thought = await call(t.app, alice, 'POST', '/api/v1/thoughts', { content: text });
      expect(thought.statusCode, JSON.stringify(text)).toBe(400);
      expect(thought.json().error.code).toBe('VALIDATION_ERROR');
      const reply = await call(t.app, bob, 'POST', `/api/v1/thoughts/${target.id}/replies`, { reply: text });
      expect(reply.statusCode, JSON.stringify(text)).toBe(400);
    }
    const blank = await call(t.app, alice, 'POST', '/api/v1/thoughts', { content: invisible[0] });
    expect(blank.json().error.message).toContain('Write something first.');
    expect(await count('thought')).toBe(thoughtsBefore + 1);
    expect(await count('thought_reply')).toBe(repliesBefore);
    expect(await counters(target.id)).toEqual({ likes: 0, replies: 0 });

    // Joiners inside Arabic (and Persian) words are text, not filler; \r\n becomes \n.
    const arabic = 'لا\u200Dإله\r\nمی\u200Cخواهم\tنعم';
    const kept = await post(alice, arabic);
    expect(kept.content).toBe('لا\u200Dإله\nمی\u200Cخواهم\tنعم');
    const replied = await reply(bob, target.id, 'شكرًا\u200C!');
    expect(replied.reply.reply).toBe('شكرًا\u200C!');
  });

  it('likes are idempotent, counted from the counter, and 404 on unknown thoughts', async () => {
    const thought = await post(alice, 'Like me');
    const like = async (m: TestMember, method: 'PUT' | 'DELETE') => {
      const res = await call(t.app, m, method, `/api/v1/thoughts/${thought.id}/like`);
      expect(res.statusCode, res.body).toBe(200);
      return likeStateSchema.parse(res.json());
    };
    expect(await like(bob, 'PUT')).toEqual({ userLiked: true, likeCount: 1 });
    expect(await like(bob, 'PUT')).toEqual({ userLiked: true, likeCount: 1 });
    expect(await like(alice, 'PUT')).toEqual({ userLiked: true, likeCount: 2 });
    expect(await like(bob, 'DELETE')).toEqual({ userLiked: false, likeCount: 1 });
    expect(await like(bob, 'DELETE')).toEqual({ userLiked: false, likeCount: 1 });
    const feed = thoughtPageSchema.parse((await call(t.app, alice, 'GET', '/api/v1/thoughts')).json());
    expect(feed.items.find((i) => i.id === thought.id)).toMatchObject({ likeCount: 1, userLiked: true });
    const bobFeed = thoughtPageSchema.parse((await call(t.app, bob, 'GET', '/api/v1/thoughts')).json());
    expect(bobFeed.items.find((i) => i.id === thought.id)).toMatchObject({ likeCount: 1, userLiked: false });

    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await call(t.app, bob, method, '/api/v1/thoughts/unknown/like');
      expect(res.statusCode).toBe(404);
    }
    // A deleted thought cannot be liked.
    expect((await call(t.app, alice, 'DELETE', `/api/v1/thoughts/${thought.id}`)).statusCode).toBe(204);
    expect((await call(t.app, bob, 'PUT', `/api/v1/thoughts/${thought.id}/like`)).statusCode).toBe(404);
    expect(await count('thought_like', thought.id)).toBe(0);
  });

  it('50 concurrent likes by one member leave one like; 50 members leave 50', async () => {
    const thought = await post(alice, 'Popular');
    const same = await Promise.all(
      Array.from({ length: 50 }, () => call(t.app, bob, 'PUT', `/api/v1/thoughts/${thought.id}/like`)),
    );
    expect(same.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    expect(await counters(thought.id)).toEqual({ likes: 1, replies: 0 });
    expect(await count('thought_like', thought.id)).toBe(1);

    const members = await Promise.all(Array.from({ length: 49 }, (_, i) => signUpMember(t.app, `Fan ${i}`)));
    const many = await Promise.all(
      [...members, alice].map((m) => call(t.app, m, 'PUT', `/api/v1/thoughts/${thought.id}/like`)),
    );
    expect(many.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    expect(await counters(thought.id)).toEqual({ likes: 51, replies: 0 });
    expect(await count('thought_like', thought.id)).toBe(51);

    const unlikes = await Promise.all(
      [...members, alice, bob].map((m) => call(t.app, m, 'DELETE', `/api/v1/thoughts/${thought.id}/like`)),
    );
    expect(unlikes.map((r) => r.statusCode)).toEqual(Array(51).fill(200));
    expect(await counters(thought.id)).toEqual({ likes: 0, replies: 0 });
  }, 60_000);

  it('replies: newest first with authors, counted; only the author deletes', async () => {
    const thought = await post(alice, 'Talk to me');
    const first = await reply(bob, thought.id, '<i>first</i>');
    expect(first.replyCount).toBe(1);
    expect(first.reply).toMatchObject({
      thoughtId: thought.id,
      reply: '<i>first</i>',
      author: { userNumber: bob.userNumber, displayName: 'Bob', photoURL: null },
      isMine: true,
    });
    const second = await reply(alice, thought.id, 'second');
    expect(second.replyCount).toBe(2);

    const page = thoughtWithRepliesSchema.parse(
      (await call(t.app, bob, 'GET', `/api/v1/users/${alice.userNumber}/thoughts/${thought.id}`)).json(),
    );
    expect(page.thought).toMatchObject({ id: thought.id, replyCount: 2, isMine: false });
    expect(page.replies.items.map((r) => [r.reply, r.isMine])).toEqual([
      ['second', false],
      ['<i>first</i>', true],
    ]);
    // Wrong member number, non-numeric, unknown thought → 404.
    for (const url of [
      `/api/v1/users/${bob.userNumber}/thoughts/${thought.id}`,
      `/api/v1/users/abc/thoughts/${thought.id}`,
      `/api/v1/users/${alice.userNumber}/thoughts/unknown`,
    ]) {
      expect((await call(t.app, bob, 'GET', url)).statusCode, url).toBe(404);
    }
    expect((await call(t.app, bob, 'GET', '/api/v1/thoughts/unknown/replies')).statusCode).toBe(404);

    const forbidden = await call(t.app, alice, 'DELETE', `/api/v1/replies/${first.reply.id}`);
    expect(forbidden.statusCode).toBe(403);
    expect((await call(t.app, alice, 'DELETE', '/api/v1/replies/unknown')).statusCode).toBe(404);
    expect(await counters(thought.id)).toEqual({ likes: 0, replies: 2 });

    const removed = await call(t.app, bob, 'DELETE', `/api/v1/replies/${first.reply.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ replyCount: 1 });
    expect((await call(t.app, bob, 'DELETE', `/api/v1/replies/${first.reply.id}`)).statusCode).toBe(404);
    expect(await counters(thought.id)).toEqual({ likes: 0, replies: 1 });
  });

  it('paginates replies and the feed across pages without duplicates', async () => {
    const thought = await post(bob, 'Many replies');
    for (let i = 0; i < 5; i++) {
      await reply(alice, thought.id, `r${i}`);
    }
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const url = `/api/v1/thoughts/${thought.id}/replies?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = replyPageSchema.parse((await call(t.app, alice, 'GET', url)).json());
      seen.push(...page.items.map((r) => r.reply));
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(['r4', 'r3', 'r2', 'r1', 'r0']);

    // Same-millisecond dates: the id breaks the tie.
    const sameDate = '2020-01-01T00:00:00.000Z';
    await t.db.updateTable('thought').set({ date: sameDate }).where('user_id', '=', alice.id).execute();
    const total = await count('thought');
    const ids: string[] = [];
    cursor = '';
    while (cursor !== null) {
      const url = `/api/v1/thoughts?limit=3${cursor ? `&cursor=${cursor}` : ''}`;
      const page = thoughtPageSchema.parse((await call(t.app, bob, 'GET', url)).json());
      ids.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor;
    }
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(total);
    expect(ids[0]).toBe(thought.id);
  });

  it('deleting a thought: author only; its replies and likes go with it', async () => {
    const thought = await post(alice, 'Soon gone');
    await reply(bob, thought.id, 'a reply');
    await call(t.app, bob, 'PUT', `/api/v1/thoughts/${thought.id}/like`);
    const forbidden = await call(t.app, bob, 'DELETE', `/api/v1/thoughts/${thought.id}`);
    expect(forbidden.statusCode).toBe(403);
    expect(await counters(thought.id)).toEqual({ likes: 1, replies: 1 });
    expect((await call(t.app, bob, 'DELETE', '/api/v1/thoughts/unknown')).statusCode).toBe(404);

    expect((await call(t.app, alice, 'DELETE', `/api/v1/thoughts/${thought.id}`)).statusCode).toBe(204);
    expect(await count('thought', thought.id)).toBe(0);
    expect(await count('thought_reply', thought.id)).toBe(0);
    expect(await count('thought_like', thought.id)).toBe(0);
    expect((await call(t.app, alice, 'DELETE', `/api/v1/thoughts/${thought.id}`)).statusCode).toBe(404);
  });

  it('answers the feed and a thought page with the same few queries however many rows they hold', async () => {
    const thought = await post(bob, 'Cost');
    const feedCost = () => countQueries(engine, () => call(t.app, alice, 'GET', '/api/v1/thoughts?limit=2'));
    const pageCost = () =>
      countQueries(engine, () =>
        call(t.app, alice, 'GET', `/api/v1/users/${bob.userNumber}/thoughts/${thought.id}`),
      );
    const [feedSmall, pageSmall] = [await feedCost(), await pageCost()];
    for (let i = 0; i < 25; i++) {
      await post(bob, `more ${i}`);
      await reply(alice, thought.id, `reply ${i}`);
      await call(t.app, alice, 'PUT', `/api/v1/thoughts/${thought.id}/like`);
    }
    expect(await countQueries(engine, () => call(t.app, alice, 'GET', '/api/v1/thoughts'))).toBe(feedSmall);
    expect(await pageCost()).toBe(pageSmall);
    expect(feedSmall).toBeLessThanOrEqual(3);
    expect(pageSmall).toBeLessThanOrEqual(4);
  });
});
