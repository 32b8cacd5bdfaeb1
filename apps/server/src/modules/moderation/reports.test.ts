import { existsSync } from 'node:fs';
import path from 'node:path';
import { auditPageSchema, queuedReportSchema, reportQueuePageSchema } from '@sahifa/contracts/admin';
import { commentPageSchema } from '@sahifa/contracts/comments';
import {
  addedReplySchema,
  profilePageSchema,
  thoughtPageSchema,
  thoughtSchema,
  thoughtWithRepliesSchema,
} from '@sahifa/contracts/community';
import { reportCreatedSchema } from '@sahifa/contracts/moderation';
import { savedSummarySchema } from '@sahifa/contracts/publishing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLibrary } from '#server/seed/seed.ts';
import { photo } from '#server/test/images.ts';
import {
  call,
  countQueries,
  insertUsers,
  signUpMember,
  type TestMember,
} from '#server/test/library-helpers.ts';
import { multipart } from '#server/test/multipart.ts';
import { signUpOperator } from '#server/test/operator-helpers.ts';
import {
  createTestApp,
  engines,
  FIXTURE_CONTENT_DIR,
  TEST_ORIGIN,
  type TestApp,
} from '#server/test/test-app.ts';

describe.each(engines)('reports and the report queue on %s', (engine) => {
  let t: TestApp;
  let alice: TestMember;
  let bob: TestMember;
  let carol: TestMember;
  let operator: TestMember;
  let officialBook: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    await seedLibrary(t.db, { dataDir: t.dataDir, contentDir: FIXTURE_CONTENT_DIR });
    alice = await signUpMember(t.app, 'Alice Author');
    bob = await signUpMember(t.app, 'Bob Reporter');
    carol = await signUpMember(t.app, 'Carol Reporter');
    operator = await signUpOperator(t);
    const book = await t.db
      .selectFrom('book')
      .select('id')
      .where('source', '=', 'official')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    officialBook = book.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  // ---------- what the members wrote ----------

  async function thought(member: TestMember, content = 'A thought worth reporting.') {
    const res = await call(t.app, member, 'POST', '/api/v1/thoughts', { content });
    expect(res.statusCode, res.body).toBe(201);
    return thoughtSchema.parse(res.json()).id;
  }
  async function reply(member: TestMember, thoughtId: string, text = 'A reply worth reporting.') {
    const res = await call(t.app, member, 'POST', `/api/v1/thoughts/${thoughtId}/replies`, { reply: text });
    expect(res.statusCode, res.body).toBe(201);
    return addedReplySchema.parse(res.json()).reply.id;
  }
  async function comment(member: TestMember, rating: number, bookId = officialBook) {
    const res = await call(t.app, member, 'POST', `/api/v1/books/${bookId}/comments`, {
      rating,
      comment: `Rated ${rating}.`,
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return (res.json() as { comment: { id: string } }).comment.id;
  }
  async function summary(member: TestMember, title: string) {
    const form = await multipart({
      data: JSON.stringify({
        title,
        author: 'Some Writer',
        categoryId: 'philosophy',
        tags: ['Moderation'],
        aboutBook: 'About it.',
        bookReference: 'Some Writer, 2024.',
        enPages: [{ order: 1, header: 'One', content1: 'The only page.' }],
        arPages: [],
      }),
      cover: { bytes: await photo('png', 64, 48), filename: 'cover.png', type: 'image/png' },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/books',
      payload: form.payload,
      headers: { ...form.headers, origin: TEST_ORIGIN, cookie: member.cookie },
    });
    expect(res.statusCode, res.body).toBe(201);
    return savedSummarySchema.parse(res.json());
  }

  // ---------- reports and decisions ----------

  async function report(member: TestMember, kind: string, targetId: string, reason = 'spam', details = '') {
    return call(t.app, member, 'POST', '/api/v1/reports', { kind, targetId, reason, details });
  }
  async function reported(member: TestMember, kind: string, targetId: string, reason = 'spam') {
    const res = await report(member, kind, targetId, reason);
    expect(res.statusCode, res.body).toBe(201);
    return reportCreatedSchema.parse(res.json()).id;
  }
  async function decide(reportId: string, action: string, as: TestMember = operator) {
    return call(t.app, as, 'POST', `/api/v1/admin/reports/${reportId}/decision`, { action });
  }
  async function decided(reportId: string, action: string) {
    const res = await decide(reportId, action);
    expect(res.statusCode, res.body).toBe(200);
    return queuedReportSchema.parse(res.json());
  }
  async function queue(status: 'open' | 'closed' = 'open', cursor?: string) {
    const query = new URLSearchParams({ status, ...(cursor ? { cursor } : {}) });
    const res = await call(t.app, operator, 'GET', `/api/v1/admin/reports?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return reportQueuePageSchema.parse(res.json());
  }
  const reportRow = (id: string) =>
    t.db.selectFrom('report').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const countReports = async () =>
    Number(
      (
        await t.db
          .selectFrom('report')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const latestAudit = async () => {
    const res = await call(t.app, operator, 'GET', '/api/v1/admin/audit');
    expect(res.statusCode, res.body).toBe(200);
    return auditPageSchema.parse(res.json()).items[0];
  };
  const thoughtCounters = (id: string) =>
    t.db
      .selectFrom('thought')
      .select(['reply_count', 'like_count'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
      .then((r) => ({ replies: Number(r.reply_count), likes: Number(r.like_count) }));
  const ratingCounters = (bookId: string) =>
    t.db
      .selectFrom('book')
      .select(['rating_count', 'rating_sum'])
      .where('id', '=', bookId)
      .executeTakeFirstOrThrow()
      .then((r) => ({ count: Number(r.rating_count), sum: Number(r.rating_sum) }));
  const feedIds = async (member: TestMember) => {
    const res = await call(t.app, member, 'GET', '/api/v1/thoughts');
    return thoughtPageSchema.parse(res.json()).items.map((item) => item.id);
  };

  describe('POST /api/v1/reports', () => {
    it('is 401 signed out, and nothing is stored', async () => {
      const id = await thought(alice);
      const res = await call(t.app, null, 'POST', '/api/v1/reports', {
        kind: 'thought',
        targetId: id,
        reason: 'spam',
      });
      expect(res.statusCode).toBe(401);
      expect(await countReports()).toBe(0);
    });

    it('refuses bad input with 400 and stores nothing', async () => {
      const id = await thought(alice);
      const before = await countReports();
      for (const body of [
        { kind: 'book', targetId: id, reason: 'spam' },
        { kind: 'thought', reason: 'spam' },
        { kind: 'thought', targetId: '', reason: 'spam' },
        { kind: 'thought', targetId: 'x'.repeat(65), reason: 'spam' },
        { kind: 'thought', targetId: id, reason: 'boring' },
        { kind: 'thought', targetId: id, reason: 'other', details: 'x'.repeat(501) },
        { kind: 'thought', targetId: id, reason: 'other', details: 'bell\u0007' },
        ['thought'],
      ]) {
        const res = await call(t.app, bob, 'POST', '/api/v1/reports', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().error.code).toEqual(expect.any(String));
      }
      expect(await countReports()).toBe(before);
    });

    it('is 404 for an item that does not exist, and an official book is not a member summary', async () => {
      const cases: [string, string, string][] = [
        ['thought', 'no-such-thought', 'THOUGHT_NOT_FOUND'],
        ['reply', 'no-such-reply', 'REPLY_NOT_FOUND'],
        ['comment', 'no-such-comment', 'COMMENT_NOT_FOUND'],
        ['summary', 'no-such-book', 'BOOK_NOT_FOUND'],
        ['summary', officialBook, 'BOOK_NOT_FOUND'],
      ];
      const before = await countReports();
      for (const [kind, targetId, code] of cases) {
        const res = await report(bob, kind, targetId);
        expect(res.statusCode, `${kind} ${targetId}`).toBe(404);
        expect(res.json().error.code).toBe(code);
      }
      expect(await countReports()).toBe(before);
    });

    it("is 400 for one's own thought, reply, comment or summary", async () => {
      const thoughtId = await thought(alice);
      const items: [string, string][] = [
        ['thought', thoughtId],
        ['reply', await reply(alice, thoughtId)],
        ['comment', await comment(alice, 4)],
        ['summary', (await summary(alice, 'Own Summary')).id],
      ];
      const before = await countReports();
      for (const [kind, id] of items) {
        const res = await report(alice, kind, id);
        expect(res.statusCode, kind).toBe(400);
        expect(res.json().error).toEqual({
          code: 'OWN_CONTENT',
          message: `You cannot report your own ${kind}.`,
        });
      }
      expect(await countReports()).toBe(before);
    });

    it('stores one report per member and item: 201, then 200 with the same id', async () => {
      const thoughtId = await thought(alice);
      const items: [string, string][] = [
        ['thought', thoughtId],
        ['reply', await reply(alice, thoughtId)],
        ['comment', await comment(alice, 2)],
        ['summary', (await summary(alice, 'Reported Summary')).id],
      ];
      for (const [kind, targetId] of items) {
        const first = await report(bob, kind, targetId, 'harassment', '  Rude to everyone.  ');
        expect(first.statusCode, first.body).toBe(201);
        const { id } = reportCreatedSchema.parse(first.json());
        const again = await report(bob, kind, targetId, 'spam', 'Changed my mind');
        expect(again.statusCode, again.body).toBe(200);
        expect(again.json()).toEqual({ id });
        const row = await reportRow(id);
        expect(row).toMatchObject({
          reporter_id: bob.id,
          target_kind: kind,
          target_id: targetId,
          target_user_id: alice.id,
          reason: 'harassment',
          details: 'Rude to everyone.',
          status: 'open',
          resolved_at: null,
          resolved_by: null,
        });
        // Another member's report on the same item is a report of its own.
        expect(await reported(carol, kind, targetId)).not.toBe(id);
      }
    });
  });

  describe('the console routes are invisible to everyone but operators', () => {
    const adminRequests: [Parameters<typeof call>[2], string, unknown?][] = [
      ['GET', '/api/v1/admin/reports'],
      ['GET', '/api/v1/admin/reports?status=closed'],
      ['POST', '/api/v1/admin/reports/some-report/decision', { action: 'hide' }],
      ['POST', '/api/v1/admin/reports/some-report/decision', { action: 'nonsense' }],
    ];

    it('answers 404, as for an unknown route, signed out and to an ordinary member; nothing changes', async () => {
      const thoughtId = await thought(alice);
      const reportId = await reported(bob, 'thought', thoughtId);
      const requests = [
        ...adminRequests,
        ['POST', `/api/v1/admin/reports/${reportId}/decision`, { action: 'delete' }] as const,
      ];
      for (const member of [null, alice, bob]) {
        for (const [method, url, payload] of requests) {
          const res = await call(t.app, member, method, url, payload);
          const path = url.split('?')[0];
          expect(res.statusCode, `${method} ${url}`).toBe(404);
          expect(res.json()).toEqual({
            error: { code: 'NOT_FOUND', message: `No API route ${method} ${path}.` },
          });
        }
      }
      expect((await reportRow(reportId)).status).toBe('open');
      expect(await feedIds(bob)).toContain(thoughtId);
    });
  });

  describe('the queue', () => {
    it('refuses bad input with 400 and unknown reports with 404', async () => {
      for (const url of [
        '/api/v1/admin/reports?status=everything',
        '/api/v1/admin/reports?cursor=not-a-cursor!',
      ]) {
        const res = await call(t.app, operator, 'GET', url);
        expect(res.statusCode, url).toBe(400);
      }
      const thoughtId = await thought(alice);
      const reportId = await reported(bob, 'thought', thoughtId);
      for (const body of [{ action: 'nuke' }, {}, ['hide']]) {
        const res = await call(t.app, operator, 'POST', `/api/v1/admin/reports/${reportId}/decision`, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
      }
      expect((await reportRow(reportId)).status).toBe('open');
      const unknown = await decide('no-such-report', 'dismiss');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error.code).toBe('REPORT_NOT_FOUND');
    });

    it('lists open reports oldest first with the item as it is now and where the app shows it', async () => {
      // Decide everything still open (one decision closes all on its item), so this test sees only its own.
      for (let open = (await queue()).items[0]; open; open = (await queue()).items[0]) {
        await decided(open.id, 'dismiss');
      }
      const thoughtId = await thought(alice, 'Buy cheap watches here.');
      const replyId = await reply(alice, thoughtId, 'And here.');
      const book = await summary(alice, 'Queue Summary');
      const commentId = await comment(alice, 1, book.id);
      const ids: string[] = [];
      for (const report of [
        () => reported(bob, 'thought', thoughtId, 'spam'),
        () => reported(carol, 'thought', thoughtId, 'harassment'),
        () => reported(bob, 'reply', replyId, 'hate'),
        () => reported(bob, 'comment', commentId, 'other'),
        () => reported(bob, 'summary', book.id, 'sexual'),
      ]) {
        ids.push(await report());
      }
      const page = await queue();
      expect(page.items.map((item) => item.id)).toEqual(ids);
      expect(page.nextCursor).toBeNull();
      const [first, second, onReply, onComment, onSummary] = page.items;
      const aliceAuthor = { userNumber: alice.userNumber, displayName: 'Alice Author', photoURL: null };
      expect(first).toMatchObject({
        kind: 'thought',
        targetId: thoughtId,
        reason: 'spam',
        details: '',
        status: 'open',
        reporter: { userNumber: bob.userNumber, displayName: 'Bob Reporter', photoURL: null },
        reportCount: 2,
        target: {
          author: aliceAuthor,
          authorSuspended: false,
          text: 'Buy cheap watches here.',
          hidden: false,
          path: `/app/thoughts/${alice.userNumber}/${thoughtId}`,
        },
        resolvedAt: null,
      });
      expect(second?.reporter.userNumber).toBe(carol.userNumber);
      expect(second?.reportCount).toBe(2);
      expect(onReply?.target).toMatchObject({
        text: 'And here.',
        path: `/app/thoughts/${alice.userNumber}/${thoughtId}`,
      });
      expect(onReply?.reportCount).toBe(1);
      expect(onComment?.target).toMatchObject({
        text: 'Rated 1.',
        path: `/app/philosophy/preview/${book.id}`,
      });
      expect(onSummary?.target).toMatchObject({
        author: aliceAuthor,
        text: 'Queue Summary',
        path: `/app/philosophy/preview/${book.id}`,
      });
      expect(await queue('closed').then((p) => p.items.some((item) => ids.includes(item.id)))).toBe(false);
    });

    it('pages by cursor, with the same few queries however many reports a page shows', async () => {
      const pageOf = () => call(t.app, operator, 'GET', '/api/v1/admin/reports');
      const few = await countQueries(engine, pageOf);
      // 30 more reports from members written straight into the table, on items of every kind.
      const thoughtId = await thought(alice, 'Reported by a crowd.');
      const replyId = await reply(alice, thoughtId);
      const commentId = await comment(alice, 3);
      const book = await summary(alice, 'Crowd Summary');
      const base = 700_000 + (engine === 'postgres' ? 1000 : 0);
      const crowd = Array.from({ length: 30 }, (_, i) => ({ id: `crowd-${i}`, number: base + i }));
      await insertUsers(t.db, engine, crowd);
      const targets: [string, string][] = [
        ['thought', thoughtId],
        ['reply', replyId],
        ['comment', commentId],
        ['summary', book.id],
      ];
      await t.db
        .insertInto('report')
        .values(
          crowd.map((user, i) => {
            const [kind, targetId] = targets[i % 4] as [string, string];
            return {
              id: `crowd-report-${String(i).padStart(2, '0')}`,
              reporter_id: user.id,
              target_kind: kind as 'thought',
              target_id: targetId,
              target_user_id: alice.id,
              reason: 'spam',
              created_at: new Date(Date.UTC(2030, 0, 1, 0, i)).toISOString(),
            };
          }),
        )
        .execute();
      const many = await countQueries(engine, pageOf);
      expect(many).toBe(few);

      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await queue('open', cursor);
        expect(page.items.length).toBeLessThanOrEqual(20);
        seen.push(...page.items.map((item) => item.id));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      const crowdIds = seen.filter((id) => id.startsWith('crowd-report-'));
      expect(crowdIds).toEqual(crowd.map((_, i) => `crowd-report-${String(i).padStart(2, '0')}`));
      expect(new Set(seen).size).toBe(seen.length);
    });
  });

  describe('decisions', () => {
    it('hide: the thought leaves the feed and its page 404s for everyone; every open report on it closes', async () => {
      const thoughtId = await thought(alice, 'Hide me.');
      await call(t.app, bob, 'PUT', `/api/v1/thoughts/${thoughtId}/like`);
      const first = await reported(bob, 'thought', thoughtId);
      const second = await reported(carol, 'thought', thoughtId, 'hate');
      const profileBefore = profilePageSchema.parse(
        (await call(t.app, bob, 'GET', `/api/v1/users/${alice.userNumber}`)).json(),
      ).profile.counts.thoughts;

      const decision = await decided(first, 'hide');
      expect(decision).toMatchObject({
        id: first,
        status: 'hidden',
        reportCount: 2,
        target: { text: 'Hide me.', hidden: true },
      });
      expect(decision.resolvedAt).toEqual(expect.any(String));
      for (const id of [first, second]) {
        expect(await reportRow(id)).toMatchObject({ status: 'hidden', resolved_by: operator.id });
      }

      for (const member of [alice, bob, operator]) {
        expect(await feedIds(member)).not.toContain(thoughtId);
        const page = await call(
          t.app,
          member,
          'GET',
          `/api/v1/users/${alice.userNumber}/thoughts/${thoughtId}`,
        );
        expect(page.statusCode).toBe(404);
        expect((await call(t.app, member, 'GET', `/api/v1/thoughts/${thoughtId}/replies`)).statusCode).toBe(
          404,
        );
      }
      const profile = profilePageSchema.parse(
        (await call(t.app, bob, 'GET', `/api/v1/users/${alice.userNumber}`)).json(),
      );
      expect(profile.profile.counts.thoughts).toBe(profileBefore - 1);
      expect(profile.thoughts.items.map((item) => item.id)).not.toContain(thoughtId);
      // Nobody can like, reply to or report it any more.
      expect((await call(t.app, carol, 'PUT', `/api/v1/thoughts/${thoughtId}/like`)).statusCode).toBe(404);
      const replied = await call(t.app, carol, 'POST', `/api/v1/thoughts/${thoughtId}/replies`, {
        reply: 'Hm',
      });
      expect(replied.statusCode).toBe(404);
      expect(await thoughtCounters(thoughtId)).toEqual({ replies: 0, likes: 1 });
      expect((await report(operator, 'thought', thoughtId)).statusCode).toBe(404);

      expect(await latestAudit()).toMatchObject({
        actor: expect.stringContaining('@example.com'),
        action: 'report.hide',
        targetKind: 'thought',
        targetId: thoughtId,
        summary: `Hid a thought by #${alice.userNumber} (spam)`,
      });
      // Decided already: the second report too.
      for (const id of [first, second]) {
        const again = await decide(id, 'dismiss');
        expect(again.statusCode).toBe(409);
        expect(again.json().error.code).toBe('REPORT_CLOSED');
      }
      const closed = await queue('closed');
      expect(
        closed.items
          .slice(0, 2)
          .map((item) => item.id)
          .sort(),
      ).toEqual([first, second].sort());
    });

    it("hide: a reply leaves the thought's replies and its count", async () => {
      const thoughtId = await thought(alice, 'Keep me.');
      const kept = await reply(carol, thoughtId, 'A kind reply.');
      const replyId = await reply(alice, thoughtId, 'A rude reply.');
      expect(await thoughtCounters(thoughtId)).toMatchObject({ replies: 2 });
      await decided(await reported(bob, 'reply', replyId, 'harassment'), 'hide');

      const page = thoughtWithRepliesSchema.parse(
        (await call(t.app, bob, 'GET', `/api/v1/users/${alice.userNumber}/thoughts/${thoughtId}`)).json(),
      );
      expect(page.replies.items.map((item) => item.id)).toEqual([kept]);
      expect(page.thought.replyCount).toBe(1);
      expect(await thoughtCounters(thoughtId)).toMatchObject({ replies: 1 });
      // Its author deleting it now does not count it out twice.
      const removed = await call(t.app, alice, 'DELETE', `/api/v1/replies/${replyId}`);
      expect(removed.statusCode, removed.body).toBe(200);
      expect(removed.json()).toEqual({ replyCount: 1 });
      expect(await latestAudit()).toMatchObject({
        action: 'report.hide',
        summary: `Hid a reply by #${alice.userNumber} (harassment)`,
      });
    });

    it("hide: a comment leaves the book's comments and its rating the average", async () => {
      const book = await summary(carol, 'Rated Summary');
      await comment(bob, 5, book.id);
      const commentId = await comment(alice, 1, book.id);
      expect(await ratingCounters(book.id)).toEqual({ count: 2, sum: 6 });
      await decided(await reported(carol, 'comment', commentId), 'hide');

      expect(await ratingCounters(book.id)).toEqual({ count: 1, sum: 5 });
      for (const member of [alice, bob]) {
        const page = commentPageSchema.parse(
          (await call(t.app, member, 'GET', `/api/v1/books/${book.id}/comments`)).json(),
        );
        expect(page.items.map((item) => item.id)).not.toContain(commentId);
        expect(page.rating).toEqual({ averageRating: 5, ratingCount: 1 });
      }
      // Rating again edits the hidden review: it stays hidden and out of the average.
      const again = await call(t.app, alice, 'POST', `/api/v1/books/${book.id}/comments`, { rating: 2 });
      expect(again.statusCode, again.body).toBe(200);
      expect(await ratingCounters(book.id)).toEqual({ count: 1, sum: 5 });
      // Deleting it then leaves the counters as they are.
      const removed = await call(t.app, alice, 'DELETE', `/api/v1/comments/${commentId}`);
      expect(removed.statusCode, removed.body).toBe(200);
      expect(await ratingCounters(book.id)).toEqual({ count: 1, sum: 5 });
    });

    it('delete: a thought goes with its replies and likes', async () => {
      const thoughtId = await thought(alice, 'Delete me.');
      await reply(bob, thoughtId);
      await call(t.app, bob, 'PUT', `/api/v1/thoughts/${thoughtId}/like`);
      const reportId = await reported(bob, 'thought', thoughtId, 'violence');
      const decision = await decided(reportId, 'delete');
      expect(decision).toMatchObject({
        status: 'deleted',
        target: { text: null, hidden: false, path: null, author: { userNumber: alice.userNumber } },
      });
      const left = await Promise.all(
        (['thought', 'thought_reply', 'thought_like'] as const).map((table) =>
          t.db
            .selectFrom(table)
            .select('user_id')
            .where(table === 'thought' ? 'id' : ('thought_id' as 'id'), '=', thoughtId)
            .execute(),
        ),
      );
      expect(left).toEqual([[], [], []]);
      expect(await latestAudit()).toMatchObject({
        action: 'report.delete',
        summary: `Deleted a thought by #${alice.userNumber} (violence)`,
      });
      expect((await decide(reportId, 'hide')).statusCode).toBe(409);
    });

    it('delete: a reply and a comment go, their counters with them', async () => {
      const thoughtId = await thought(carol);
      const replyId = await reply(alice, thoughtId);
      await decided(await reported(bob, 'reply', replyId), 'delete');
      expect(await t.db.selectFrom('thought_reply').select('id').where('id', '=', replyId).execute()).toEqual(
        [],
      );
      expect(await thoughtCounters(thoughtId)).toMatchObject({ replies: 0 });

      const book = await summary(carol, 'Deleted Comment Summary');
      const commentId = await comment(alice, 2, book.id);
      await decided(await reported(bob, 'comment', commentId), 'delete');
      expect(
        await t.db.selectFrom('book_comment').select('id').where('id', '=', commentId).execute(),
      ).toEqual([]);
      expect(await ratingCounters(book.id)).toEqual({ count: 0, sum: 0 });
    });

    it('delete: a member summary goes with its cover file', async () => {
      const book = await summary(alice, 'Delete This Summary');
      const cover = path.join(t.dataDir, (book.bookImage ?? '').replace(/^\/uploads\//, 'uploads/'));
      expect(existsSync(cover)).toBe(true);
      await decided(await reported(bob, 'summary', book.id, 'other'), 'delete');
      expect(await t.db.selectFrom('book').select('id').where('id', '=', book.id).execute()).toEqual([]);
      expect(existsSync(cover)).toBe(false);
      expect((await call(t.app, bob, 'GET', `/api/v1/books/${book.id}`)).statusCode).toBe(404);
    });

    it('delete closes the report when the author already deleted the item; hide cannot', async () => {
      const first = await thought(alice, 'Gone before the decision.');
      const hideReport = await reported(bob, 'thought', first);
      const deleteReport = await reported(carol, 'thought', first);
      expect((await call(t.app, alice, 'DELETE', `/api/v1/thoughts/${first}`)).statusCode).toBe(204);
      const refused = await decide(hideReport, 'hide');
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('ITEM_GONE');
      expect((await reportRow(hideReport)).status).toBe('open');
      expect((await decided(deleteReport, 'delete')).status).toBe('deleted');
      expect((await reportRow(hideReport)).status).toBe('deleted');
    });

    it('dismiss: the item stays where it was', async () => {
      const thoughtId = await thought(alice, 'Harmless.');
      const reportId = await reported(bob, 'thought', thoughtId, 'other');
      const decision = await decided(reportId, 'dismiss');
      expect(decision).toMatchObject({ status: 'dismissed', target: { text: 'Harmless.', hidden: false } });
      expect(await feedIds(bob)).toContain(thoughtId);
      const page = await call(t.app, bob, 'GET', `/api/v1/users/${alice.userNumber}/thoughts/${thoughtId}`);
      expect(page.statusCode).toBe(200);
      expect(await latestAudit()).toMatchObject({
        action: 'report.dismiss',
        summary: `Dismissed the reports on a thought by #${alice.userNumber} (other)`,
      });
      // Bob's report stays his one report on it (200, same id); it is not reopened.
      const again = await report(bob, 'thought', thoughtId);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ id: reportId });
      expect((await reportRow(reportId)).status).toBe('dismissed');
    });
  });
});
