// A member's own reads — their state in a book, their review, a profile as they see it — are
// remembered until a member they depend on writes anything, or an operator or a webhook does
// (kernel/member-reads.ts, decision 021). Each test reads first, so the answer is remembered, then
// writes as the app's clients do and reads again: the change is in the very next answer.
import { bookPreviewSchema, bookReadingSchema } from '@sahifa/contracts/books';
import { commentPageSchema } from '@sahifa/contracts/comments';
import { profilePageSchema } from '@sahifa/contracts/community';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLibrary } from '#server/seed/seed.ts';
import {
  FAKE_STRIPE_PRICES,
  type FakeStripe,
  fakeStripeEnv,
  signEvent,
  startFakeStripe,
  stripeEvent,
  stripeSubscription,
} from '#server/test/fake-stripe.ts';
import { call, callMultipart, signUpMember, type TestMember } from '#server/test/library-helpers.ts';
import { signUpOperator } from '#server/test/operator-helpers.ts';
import { createTestApp, engines, FIXTURE_CONTENT_DIR, type TestApp } from '#server/test/test-app.ts';

const book = '/api/v1/books/test-one';

describe.each(engines)("a member's remembered reads on %s", (engine) => {
  let t: TestApp;
  let fake: FakeStripe;
  let reader: TestMember;
  let author: TestMember;

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp(engine, { env: fakeStripeEnv(fake, { LIBRARY_CACHE_SECONDS: '10' }) });
    await seedLibrary(t.db, { dataDir: t.dataDir, contentDir: FIXTURE_CONTENT_DIR });
    [reader, author] = [await signUpMember(t.app, 'Quill Reader'), await signUpMember(t.app, 'Slate Author')];
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const preview = async (member: TestMember) =>
    bookPreviewSchema.parse((await call(t.app, member, 'GET', book)).json());
  const reviews = async (member: TestMember) =>
    commentPageSchema.parse((await call(t.app, member, 'GET', `${book}/comments`)).json());
  const profileOf = async (viewer: TestMember, member: TestMember) => {
    const res = await call(t.app, viewer, 'GET', `/api/v1/users/${member.userNumber}`);
    expect(res.statusCode, res.body).toBe(200);
    return profilePageSchema.parse(res.json()).profile;
  };

  it("the member's review, written, edited and deleted, in their next preview and reviews", async () => {
    expect((await preview(reader)).comments.myReview).toBeNull();
    expect((await reviews(reader)).myReview).toBeNull();

    const rated = await call(t.app, reader, 'POST', `${book}/comments`, { rating: 3, comment: 'Dim.' });
    expect(rated.statusCode, rated.body).toBe(201);
    expect((await preview(reader)).comments.myReview).toMatchObject({ rating: 3, comment: 'Dim.' });
    expect((await reviews(reader)).myReview).toMatchObject({ rating: 3, comment: 'Dim.' });

    await call(t.app, reader, 'POST', `${book}/comments`, { rating: 5, comment: 'Bright after all.' });
    expect((await preview(reader)).comments.myReview).toMatchObject({
      rating: 5,
      comment: 'Bright after all.',
    });

    const id = rated.json().comment.id;
    expect((await call(t.app, reader, 'DELETE', `/api/v1/comments/${id}`)).statusCode).toBe(200);
    expect((await preview(reader)).comments.myReview).toBeNull();
    expect((await reviews(reader)).myReview).toBeNull();
  });

  it("finishing a book is in the member's next reader and preview", async () => {
    expect((await preview(reader)).state.finishedAt).toBeNull();
    const finished = await call(t.app, reader, 'POST', `${book}/finish`);
    expect(finished.statusCode, finished.body).toBe(200);
    const reading = bookReadingSchema.parse((await call(t.app, reader, 'GET', `${book}/read`)).json());
    expect(reading.state.finishedAt).not.toBeNull();
    expect((await preview(reader)).state.finishedAt).not.toBeNull();
  });

  it("a member's new bio and thought count are in another member's next read of their profile", async () => {
    expect(await profileOf(reader, author)).toMatchObject({ bio: null, counts: { thoughts: 0 } });
    const edited = await callMultipart(t.app, author, 'PATCH', '/api/v1/me/profile', {
      data: JSON.stringify({ bio: 'Writes on slate.' }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await profileOf(reader, author)).bio).toBe('Writes on slate.');

    expect(
      (await call(t.app, author, 'POST', '/api/v1/thoughts', { content: 'Chalk dust.' })).statusCode,
    ).toBe(201);
    expect((await profileOf(reader, author)).counts.thoughts).toBe(1);
  });

  it("a member's bookmark and progress are in their next preview, and not in another member's", async () => {
    const unread = { bookmarked: false, progress: null, finishedAt: null };
    const state = async (member: TestMember) =>
      bookPreviewSchema.parse((await call(t.app, member, 'GET', '/api/v1/books/test-two')).json()).state;
    expect(await state(reader)).toEqual(unread);
    expect(await state(author)).toEqual(unread);

    expect((await call(t.app, reader, 'PUT', '/api/v1/books/test-two/bookmark')).statusCode).toBe(200);
    expect((await state(reader)).bookmarked).toBe(true);
    const saved = await call(t.app, reader, 'PUT', '/api/v1/books/test-two/progress', { pageNumber: 1 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await state(reader)).progress).toMatchObject({ pageNumber: 1 });
    expect(await state(author)).toEqual(unread);
    expect((await call(t.app, reader, 'DELETE', '/api/v1/books/test-two/bookmark')).statusCode).toBe(200);
    expect((await state(reader)).bookmarked).toBe(false);
  });

  it("a like and a block are in the viewer's next read of a member's profile", async () => {
    const poet = await signUpMember(t.app, 'Ink Poet');
    const posted = await call(t.app, poet, 'POST', '/api/v1/thoughts', { content: 'Ink and paper.' });
    expect(posted.statusCode, posted.body).toBe(201);
    const page = async () => {
      const res = await call(t.app, reader, 'GET', `/api/v1/users/${poet.userNumber}`);
      expect(res.statusCode, res.body).toBe(200);
      return profilePageSchema.parse(res.json());
    };
    const liked = async () => (await page()).thoughts.items.map((thought) => thought.userLiked);
    expect(await liked()).toEqual([false]);
    expect(await liked()).toEqual([false]);

    const like = await call(t.app, reader, 'PUT', `/api/v1/thoughts/${posted.json().id}/like`);
    expect(like.statusCode, like.body).toBe(200);
    expect(await liked()).toEqual([true]);

    expect((await call(t.app, reader, 'PUT', `/api/v1/blocks/${poet.userNumber}`)).statusCode).toBe(204);
    const blocked = await page();
    expect(blocked.profile.blockedByMe).toBe(true);
    expect(blocked.thoughts.items).toEqual([]);
    expect((await call(t.app, reader, 'DELETE', `/api/v1/blocks/${poet.userNumber}`)).statusCode).toBe(204);
    expect(await liked()).toEqual([true]);
  });

  it("an operator hiding a member's review takes it out of that member's next preview", async () => {
    const rated = await call(t.app, author, 'POST', `${book}/comments`, { rating: 1, comment: 'Spam spam.' });
    expect(rated.statusCode, rated.body).toBe(201);
    expect((await preview(author)).comments.myReview?.comment).toBe('Spam spam.');

    const operator = await signUpOperator(t, 'Olive Operator');
    const report = await call(t.app, reader, 'POST', '/api/v1/reports', {
      kind: 'comment',
      targetId: rated.json().comment.id,
      reason: 'spam',
    });
    expect(report.statusCode, report.body).toBe(201);
    const decided = await call(
      t.app,
      operator,
      'POST',
      `/api/v1/admin/reports/${report.json().id}/decision`,
      {
        action: 'hide',
      },
    );
    expect(decided.statusCode, decided.body).toBe(200);
    expect((await preview(author)).comments.myReview).toBeNull();
  });

  it("Stripe's webhook making a member Plus is in another member's next read of their profile", async () => {
    const subscriber = await signUpMember(t.app, 'Plume Subscriber');
    const checkout = await call(t.app, subscriber, 'POST', '/api/v1/billing/checkout', {
      priceId: FAKE_STRIPE_PRICES[0].id,
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    expect((await profileOf(reader, subscriber)).plus).toBe(false);

    const row = await t.db
      .selectFrom('subscription')
      .select('stripe_customer_id')
      .where('user_id', '=', subscriber.id)
      .executeTakeFirstOrThrow();
    const subscription = stripeSubscription({
      customer: row.stripe_customer_id,
      priceId: FAKE_STRIPE_PRICES[0].priceId,
    });
    const { payload, signature } = signEvent(
      stripeEvent('customer.subscription.created', subscription),
      fake.webhookSecret,
    );
    const webhook = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
    expect(webhook.statusCode, webhook.body).toBe(200);
    expect((await profileOf(reader, subscriber)).plus).toBe(true);
  });

  it("a bookmark written behind the app's back is seen once the member writes anything", async () => {
    expect((await preview(reader)).state.bookmarked).toBe(false);
    await t.db
      .insertInto('bookmark')
      .values({ user_id: reader.id, book_id: 'test-one', created_at: new Date().toISOString() })
      .execute();
    // Remembered: nothing this instance knows of has changed.
    expect((await preview(reader)).state.bookmarked).toBe(false);
    // A signed-out write is refused and writes nothing: still remembered.
    expect((await call(t.app, null, 'PUT', `${book}/progress`, { pageNumber: 1 })).statusCode).toBe(401);
    expect((await preview(reader)).state.bookmarked).toBe(false);
    // Another member's write is theirs: still remembered.
    expect((await call(t.app, author, 'PUT', `${book}/progress`, { pageNumber: 1 })).statusCode).toBe(200);
    expect((await preview(reader)).state.bookmarked).toBe(false);
    // Any write of the member's own, even of something else, reads the member's rows again.
    expect((await call(t.app, reader, 'POST', '/api/v1/thoughts', { content: 'A lamp.' })).statusCode).toBe(
      201,
    );
    expect((await preview(reader)).state.bookmarked).toBe(true);
  });
});

describe.each(engines)("a member's remembered reads, written by another instance, on %s", (engine) => {
  let t: TestApp;
  let reader: TestMember;

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { LIBRARY_CACHE_SECONDS: '1' } });
    await seedLibrary(t.db, { dataDir: t.dataDir, contentDir: FIXTURE_CONTENT_DIR });
    reader = await signUpMember(t.app, 'Far Reader');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('are seen within LIBRARY_CACHE_SECONDS', async () => {
    const bookmarked = async () =>
      bookPreviewSchema.parse((await call(t.app, reader, 'GET', book)).json()).state.bookmarked;
    expect(await bookmarked()).toBe(false);
    await t.db
      .insertInto('bookmark')
      .values({ user_id: reader.id, book_id: 'test-one', created_at: new Date().toISOString() })
      .execute();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await bookmarked()).toBe(true);
  });
});
