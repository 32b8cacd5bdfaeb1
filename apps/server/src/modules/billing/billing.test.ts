// Plans and billing through the API, with the real `stripe` SDK talking to a local fake of
// Stripe's API (test/fake-stripe.ts) and webhooks signed by the SDK's test-header helper.
import { billingStatusSchema, planCatalogSchema } from '@sahifa/contracts/billing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_STRIPE_PRICES,
  type FakeStripe,
  fakeStripeEnv,
  signEvent,
  startFakeStripe,
  stripeEvent,
  stripeSubscription,
} from '#server/test/fake-stripe.ts';
import { call, signUpMember, type TestMember } from '#server/test/library-helpers.ts';
import { createTestApp, engines, TEST_PUBLIC_URL, type TestApp } from '#server/test/test-app.ts';

const FREE_DAILY = 2;
const PLUS_DAILY = 4;
const MONTHLY = FAKE_STRIPE_PRICES[0];
const YEARLY = FAKE_STRIPE_PRICES[1];

const MEMBER_ROUTES: [Parameters<typeof call>[2], string, unknown?][] = [
  ['GET', '/api/v1/billing'],
  ['POST', '/api/v1/billing/checkout', { priceId: MONTHLY.id }],
  ['POST', '/api/v1/billing/portal'],
];

describe.each(engines)('billing when Stripe is not configured, on %s', (engine) => {
  let t: TestApp;
  let member: TestMember;

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { AI_DAILY_MESSAGES: String(FREE_DAILY) } });
    member = await signUpMember(t.app, 'Free Reader');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('says everything is free on the public plans, to anyone', async () => {
    const res = await call(t.app, null, 'GET', '/api/v1/plans');
    expect(res.statusCode).toBe(200);
    expect(planCatalogSchema.parse(res.json())).toEqual({
      billingEnabled: false,
      free: { dailyQuestions: FREE_DAILY },
      plus: { dailyQuestions: 500, prices: [] },
    });
  });

  it('shows the member on the free plan with nothing to manage', async () => {
    const res = await call(t.app, member, 'GET', '/api/v1/billing');
    expect(res.statusCode).toBe(200);
    expect(billingStatusSchema.parse(res.json())).toEqual({
      billingEnabled: false,
      plan: 'free',
      status: 'none',
      priceId: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      dailyQuestions: FREE_DAILY,
      canManage: false,
    });
  });

  it('refuses checkout and the portal with 409, and has no webhook', async () => {
    for (const url of ['/api/v1/billing/checkout', '/api/v1/billing/portal']) {
      const res = await call(
        t.app,
        member,
        'POST',
        url,
        url.endsWith('checkout') ? { priceId: 'plus-monthly' } : {},
      );
      expect(res.statusCode, url).toBe(409);
      expect(res.json().error.code, url).toBe('BILLING_DISABLED');
    }
    const { payload, signature } = signEvent(stripeEvent('customer.subscription.created', {}));
    const webhook = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
    expect(webhook.statusCode).toBe(404);
    expect(await t.db.selectFrom('subscription').selectAll().execute()).toEqual([]);
  });

  it('answers 401 on the member routes when signed out', async () => {
    for (const [method, url, payload] of MEMBER_ROUTES) {
      expect((await call(t.app, null, method, url, payload)).statusCode, url).toBe(401);
    }
  });
});

describe.each(engines)('billing through Stripe, on %s', (engine) => {
  let t: TestApp;
  let fake: FakeStripe;
  const logs: string[] = [];

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp(engine, {
      env: fakeStripeEnv(fake, {
        AI_DAILY_MESSAGES: String(FREE_DAILY),
        PLUS_DAILY_MESSAGES: String(PLUS_DAILY),
      }),
      build: { logger: { level: 'info', stream: { write: (line: string) => logs.push(line) } } },
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const billingOf = async (member: TestMember) =>
    billingStatusSchema.parse((await call(t.app, member, 'GET', '/api/v1/billing')).json());

  const rowOf = (member: TestMember) =>
    t.db.selectFrom('subscription').selectAll().where('user_id', '=', member.id).executeTakeFirst();

  const eventCount = async () =>
    Number(
      (
        await t.db
          .selectFrom('stripe_event')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** Posts `event` to the webhook as Stripe would, signed with the configured secret unless told. */
  function deliver(
    event: Record<string, unknown>,
    options: { secret?: string; signature?: string | null } = {},
  ) {
    const signed = signEvent(event, options.secret);
    const signature = options.signature === undefined ? signed.signature : options.signature;
    return t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: {
        'content-type': 'application/json',
        ...(signature === null ? {} : { 'stripe-signature': signature }),
      },
      payload: signed.payload,
    });
  }

  async function checkout(member: TestMember, priceId: string = MONTHLY.id) {
    const res = await call(t.app, member, 'POST', '/api/v1/billing/checkout', { priceId });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().url as string;
  }

  /** A member with a Stripe customer (from a checkout they opened), and that customer's id. */
  async function customerOf(name: string) {
    const member = await signUpMember(t.app, name);
    await checkout(member);
    const row = await rowOf(member);
    if (!row) throw new Error('no subscription row after checkout');
    return { member, customer: row.stripe_customer_id };
  }

  /** Delivers a subscription event and expects Stripe's 200. */
  async function subscriptionEvent(
    type: 'created' | 'updated' | 'deleted',
    subscription: Record<string, unknown>,
    created: number,
    id?: string,
  ) {
    const res = await deliver(stripeEvent(`customer.subscription.${type}`, subscription, { created, id }));
    expect(res.statusCode, res.body).toBe(200);
  }

  it('lists the configured prices of Plus on the public plans', async () => {
    const res = await call(t.app, null, 'GET', '/api/v1/plans');
    expect(planCatalogSchema.parse(res.json())).toEqual({
      billingEnabled: true,
      free: { dailyQuestions: FREE_DAILY },
      plus: {
        dailyQuestions: PLUS_DAILY,
        prices: [
          { id: 'plus-monthly', interval: 'month', amount: 499, currency: 'usd' },
          { id: 'plus-yearly', interval: 'year', amount: 4900, currency: 'usd' },
        ],
      },
    });
    expect(res.body).not.toContain('price_');
  });

  it('answers 401 on the member routes when signed out, and calls no Stripe', async () => {
    const before = fake.requests.length;
    for (const [method, url, payload] of MEMBER_ROUTES) {
      expect((await call(t.app, null, method, url, payload)).statusCode, url).toBe(401);
    }
    expect(fake.requests.length).toBe(before);
  });

  it('opens Checkout for a price, storing the member’s new Stripe customer first and reusing it', async () => {
    const member = await signUpMember(t.app, 'Checkout Reader');
    const url = await checkout(member, YEARLY.id);
    expect(url.startsWith(`${fake.origin}/checkout/cs_test_`)).toBe(true);

    const row = await rowOf(member);
    expect(row).toMatchObject({ status: 'none', stripe_subscription_id: null });
    const customer = fake.customers.get(row?.stripe_customer_id ?? '');
    expect(customer?.metadata).toEqual({ userId: member.id });
    const session = fake.checkoutSessions.get(url.split('/').at(-1) ?? '');
    expect(session).toMatchObject({
      mode: 'subscription',
      customer: row?.stripe_customer_id,
      client_reference_id: member.id,
      success_url: `${TEST_PUBLIC_URL}/app/billing?checkout=success`,
      cancel_url: `${TEST_PUBLIC_URL}/app/billing?checkout=cancelled`,
    });
    expect(fake.requests.at(-1)?.body.line_items).toEqual([{ price: YEARLY.priceId, quantity: '1' }]);

    // A second checkout (e.g. after cancelling the first) reuses the customer.
    const customers = fake.customers.size;
    await checkout(member);
    expect(fake.customers.size).toBe(customers);
    expect((await rowOf(member))?.stripe_customer_id).toBe(row?.stripe_customer_id);
    expect(await billingOf(member)).toMatchObject({ plan: 'free', status: 'none', canManage: true });
  });

  it('refuses an unknown price or a missing one with 400, before calling Stripe', async () => {
    const member = await signUpMember(t.app, 'Unknown Price');
    const before = fake.requests.length;
    const unknown = await call(t.app, member, 'POST', '/api/v1/billing/checkout', { priceId: 'plus-weekly' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('UNKNOWN_PRICE');
    // Stripe's own price ids are not ours to send.
    const stripeId = await call(t.app, member, 'POST', '/api/v1/billing/checkout', {
      priceId: MONTHLY.priceId,
    });
    expect(stripeId.json().error.code).toBe('UNKNOWN_PRICE');
    const none = await call(t.app, member, 'POST', '/api/v1/billing/checkout', {});
    expect(none.statusCode).toBe(400);
    expect(none.json().error.code).toBe('VALIDATION_ERROR');
    expect(fake.requests.length).toBe(before);
    expect(await rowOf(member)).toBeUndefined();
  });

  it('answers 502 when Stripe fails, stores nothing, and logs the failure without the key', async () => {
    const member = await signUpMember(t.app, 'Unlucky Reader');
    fake.failNext({ status: 500 });
    const res = await call(t.app, member, 'POST', '/api/v1/billing/checkout', { priceId: MONTHLY.id });
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toEqual({
      code: 'PAYMENTS_UNAVAILABLE',
      message: 'Payments are unavailable right now. Please try again in a few minutes.',
    });
    expect(await rowOf(member)).toBeUndefined();

    const failure = logs.map((line) => JSON.parse(line)).findLast((l) => l.msg === 'stripe call failed');
    expect(failure).toMatchObject({ action: 'create customer', error: 'StripeAPIError', statusCode: 500 });
    expect(logs.join('\n')).not.toContain(fake.secretKey);

    // Stripe is back: the same request works.
    expect(
      (await call(t.app, member, 'POST', '/api/v1/billing/checkout', { priceId: MONTHLY.id })).statusCode,
    ).toBe(200);
  });

  it('opens the Customer Portal only for a member with a Stripe customer', async () => {
    const fresh = await signUpMember(t.app, 'No Customer');
    const refused = await call(t.app, fresh, 'POST', '/api/v1/billing/portal');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('NO_BILLING_ACCOUNT');

    const { member, customer } = await customerOf('Portal Reader');
    const res = await call(t.app, member, 'POST', '/api/v1/billing/portal');
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(new RegExp(`^${fake.origin}/portal/bps_`));
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/v1/billing_portal/sessions',
      body: { customer, return_url: `${TEST_PUBLIC_URL}/app/billing` },
      apiKey: fake.secretKey,
    });
  });

  it('starts again with a new customer when Stripe no longer knows the stored one', async () => {
    // As after moving from test keys to live keys: the stored customer is unknown to this Stripe.
    const member = await signUpMember(t.app, 'Moved Reader');
    await t.db
      .insertInto('subscription')
      .values({
        user_id: member.id,
        stripe_customer_id: 'cus_from_another_account',
        status: 'canceled',
        updated_at: new Date().toISOString(),
      })
      .execute();
    const portal = await call(t.app, member, 'POST', '/api/v1/billing/portal');
    expect(portal.statusCode, portal.body).toBe(409);
    expect(portal.json().error.code).toBe('NO_BILLING_ACCOUNT');
    expect(await rowOf(member)).toBeUndefined();
    expect((await billingOf(member)).canManage).toBe(false);

    await t.db
      .insertInto('subscription')
      .values({ user_id: member.id, stripe_customer_id: 'cus_gone', updated_at: new Date().toISOString() })
      .execute();
    const url = await checkout(member);
    expect(url).toMatch(new RegExp(`^${fake.origin}/checkout/`));
    const row = await rowOf(member);
    expect(row?.stripe_customer_id).toMatch(/^cus_/);
    expect(row?.stripe_customer_id).not.toBe('cus_gone');
    expect(fake.customers.has(row?.stripe_customer_id ?? '')).toBe(true);
  });

  it('subscribes through the Checkout page, comes back as Plus, and cancels in the portal', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    fake.deliverWebhooksTo(`${address}/api/webhooks/stripe`);
    const member = await signUpMember(t.app, 'Paying Reader');

    const url = await checkout(member);
    const checkoutPage = await (await fetch(url)).text();
    expect(checkoutPage).toContain('<button type="submit">Pay and subscribe</button>');
    const action = /action="([^"]+\/pay)"/.exec(checkoutPage)?.[1];
    const paid = await fetch(new URL(action ?? '', url), { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${TEST_PUBLIC_URL}/app/billing?checkout=success`);
    expect(fake.deliveries.slice(-2)).toEqual([
      expect.objectContaining({ type: 'customer.subscription.created', status: 200 }),
      expect.objectContaining({ type: 'checkout.session.completed', status: 200 }),
    ]);

    const plus = await billingOf(member);
    expect(plus).toMatchObject({
      billingEnabled: true,
      plan: 'plus',
      status: 'active',
      priceId: 'plus-monthly',
      cancelAtPeriodEnd: false,
      dailyQuestions: PLUS_DAILY,
      canManage: true,
    });
    const renewsInDays = (Date.parse(plus.currentPeriodEnd ?? '') - Date.now()) / 86_400_000;
    expect(renewsInDays).toBeGreaterThan(29);
    expect(renewsInDays).toBeLessThan(31);

    // Already Plus: a second subscription is refused; the portal is the way to change it.
    const again = await call(t.app, member, 'POST', '/api/v1/billing/checkout', { priceId: YEARLY.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ALREADY_SUBSCRIBED');

    const portalUrl = (await call(t.app, member, 'POST', '/api/v1/billing/portal')).json().url as string;
    const portalPage = await (await fetch(portalUrl)).text();
    expect(portalPage).toContain('<button type="submit">Cancel subscription</button>');
    const cancel = (when: 'period_end' | 'now') =>
      fetch(new URL(`${new URL(portalUrl).pathname}/cancel`, portalUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `when=${when}`,
        redirect: 'manual',
      });
    const atPeriodEnd = await cancel('period_end');
    expect(atPeriodEnd.headers.get('location')).toBe(`${TEST_PUBLIC_URL}/app/billing`);
    expect(await billingOf(member)).toMatchObject({
      plan: 'plus',
      status: 'active',
      cancelAtPeriodEnd: true,
    });

    await cancel('now');
    expect(await billingOf(member)).toMatchObject({
      plan: 'free',
      status: 'canceled',
      dailyQuestions: FREE_DAILY,
    });
    expect(fake.deliveries.every((d) => d.status === 200)).toBe(true);
    fake.deliverWebhooksTo(null);
  });

  it('refuses a bad, missing or misplaced signature with 400 and changes nothing', async () => {
    const { member, customer } = await customerOf('Forged Reader');
    const subscription = stripeSubscription({ customer, priceId: MONTHLY.priceId });
    const event = stripeEvent('customer.subscription.created', subscription);
    const rowBefore = await rowOf(member);
    const eventsBefore = await eventCount();

    const wrongSecret = await deliver(event, { secret: 'whsec_someone_else' });
    const noSignature = await deliver(event, { signature: null });
    const garbage = await deliver(event, { signature: 't=1,v1=deadbeef' });
    // A real signature, of another body.
    const otherBody = signEvent(
      stripeEvent('customer.subscription.created', { ...subscription, status: 'canceled' }),
    );
    const tampered = await deliver(event, { signature: otherBody.signature });
    // A real signature, but old (a replay of a captured delivery past Stripe's 5-minute tolerance).
    const stale = await deliver(event, {
      signature: signEvent(event, undefined, Math.floor(Date.now() / 1000) - 3600).signature,
    });

    for (const res of [wrongSecret, noSignature, garbage, tampered, stale]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('INVALID_SIGNATURE');
    }
    expect(await rowOf(member)).toEqual(rowBefore);
    expect(await eventCount()).toBe(eventsBefore);
    expect((await billingOf(member)).plan).toBe('free');
    // The same event, signed properly, is taken.
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await billingOf(member)).plan).toBe('plus');
  });

  it('applies a replayed event once: a later change of the same second is not undone', async () => {
    const { member, customer } = await customerOf('Replayed Reader');
    const at = Math.floor(Date.now() / 1000);
    const active = stripeSubscription({ customer, priceId: MONTHLY.priceId });
    const first = stripeEvent('customer.subscription.updated', active, { created: at });
    expect((await deliver(first)).statusCode).toBe(200);
    await subscriptionEvent('updated', { ...active, status: 'unpaid' }, at);
    const row = await rowOf(member);
    expect(row?.status).toBe('unpaid');

    const replay = await deliver(first);
    expect(replay.statusCode).toBe(200);
    expect(await rowOf(member)).toEqual(row);
    expect(await billingOf(member)).toMatchObject({ plan: 'free', status: 'unpaid' });
  });

  it('ends in the right state when events arrive out of order', async () => {
    const { member, customer } = await customerOf('Unordered Reader');
    const t0 = Math.floor(Date.now() / 1000) - 100;
    const subscription = stripeSubscription({
      customer,
      priceId: YEARLY.priceId,
      interval: 'year',
      created: t0,
    });

    // 'updated' (now active) arrives before the older 'created' (still incomplete).
    await subscriptionEvent('updated', subscription, t0 + 10);
    await subscriptionEvent('created', { ...subscription, status: 'incomplete' }, t0);
    expect(await billingOf(member)).toMatchObject({ plan: 'plus', status: 'active', priceId: 'plus-yearly' });
    // Even from the same second, 'created' is older than any 'updated'.
    await subscriptionEvent('created', { ...subscription, status: 'incomplete' }, t0 + 10);
    expect((await billingOf(member)).status).toBe('active');

    // 'deleted' arrives before an older 'updated', and one of the same second: it stays ended.
    await subscriptionEvent('deleted', { ...subscription, status: 'canceled' }, t0 + 30);
    await subscriptionEvent('updated', { ...subscription, cancel_at_period_end: true }, t0 + 20);
    await subscriptionEvent('updated', subscription, t0 + 30);
    expect(await billingOf(member)).toMatchObject({ plan: 'free', status: 'canceled' });

    // A new subscription later gives Plus again; a late event of the old one does not take it away.
    const renewed = stripeSubscription({ customer, priceId: MONTHLY.priceId, created: t0 + 50 });
    await subscriptionEvent('created', renewed, t0 + 50);
    await subscriptionEvent('deleted', { ...subscription, status: 'canceled' }, t0 + 60);
    expect(await billingOf(member)).toMatchObject({
      plan: 'plus',
      status: 'active',
      priceId: 'plus-monthly',
    });
  });

  it('marks a failed renewal past_due (still Plus), but not a failed first payment', async () => {
    const { member, customer } = await customerOf('Declined Reader');
    const at = Math.floor(Date.now() / 1000);
    const subscription = stripeSubscription({ customer, priceId: MONTHLY.priceId });
    const invoice = (created: number) =>
      stripeEvent(
        'invoice.payment_failed',
        {
          id: `in_${created}`,
          object: 'invoice',
          customer,
          status: 'open',
          parent: {
            type: 'subscription_details',
            quote_details: null,
            subscription_details: { subscription: subscription.id, metadata: {} },
          },
        },
        { created },
      );

    await subscriptionEvent('created', { ...subscription, status: 'incomplete' }, at);
    expect((await deliver(invoice(at))).statusCode).toBe(200);
    expect(await billingOf(member)).toMatchObject({ plan: 'free', status: 'incomplete' });

    await subscriptionEvent('updated', subscription, at + 1);
    expect((await deliver(invoice(at + 2))).statusCode).toBe(200);
    expect(await billingOf(member)).toMatchObject({
      plan: 'plus',
      status: 'past_due',
      dailyQuestions: PLUS_DAILY,
    });
  });

  it('records other event types and changes nothing', async () => {
    const { member } = await customerOf('Quiet Reader');
    const before = await rowOf(member);
    const event = stripeEvent('invoice.paid', { id: 'in_quiet', object: 'invoice' });
    const res = await deliver(event);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(
      await t.db.selectFrom('stripe_event').selectAll().where('id', '=', String(event.id)).execute(),
    ).toEqual([expect.objectContaining({ type: 'invoice.paid' })]);
    expect(await rowOf(member)).toEqual(before);
  });

  it('never changes another member’s state', async () => {
    const alice = await customerOf('Alice Billing');
    const bob = await customerOf('Bob Billing');
    const bobBefore = await rowOf(bob.member);

    await subscriptionEvent(
      'created',
      stripeSubscription({ customer: alice.customer, priceId: MONTHLY.priceId }),
      Math.floor(Date.now() / 1000),
    );
    // A checkout naming Bob but carrying Alice's customer links nothing to Bob.
    const crossed = stripeEvent('checkout.session.completed', {
      id: 'cs_test_crossed',
      object: 'checkout.session',
      mode: 'subscription',
      client_reference_id: bob.member.id,
      customer: alice.customer,
      subscription: 'sub_crossed',
    });
    expect((await deliver(crossed)).statusCode).toBe(200);
    // A customer Sahifa never created changes no one.
    await subscriptionEvent(
      'created',
      stripeSubscription({ customer: 'cus_stranger', priceId: MONTHLY.priceId }),
      Math.floor(Date.now() / 1000),
    );

    expect((await billingOf(alice.member)).plan).toBe('plus');
    expect(await rowOf(bob.member)).toEqual(bobBefore);
    expect((await billingOf(bob.member)).plan).toBe('free');
  });

  it('links the member named by a completed checkout when their row is missing', async () => {
    const member = await signUpMember(t.app, 'Linked Reader');
    const customer = 'cus_made_elsewhere';
    const completed = stripeEvent('checkout.session.completed', {
      id: 'cs_test_linked',
      object: 'checkout.session',
      mode: 'subscription',
      client_reference_id: member.id,
      customer,
      subscription: 'sub_linked',
    });
    expect((await deliver(completed)).statusCode).toBe(200);
    expect(await rowOf(member)).toMatchObject({
      stripe_customer_id: customer,
      stripe_subscription_id: 'sub_linked',
    });
    await subscriptionEvent(
      'created',
      stripeSubscription({ id: 'sub_linked', customer, priceId: MONTHLY.priceId }),
      Math.floor(Date.now() / 1000),
    );
    expect((await billingOf(member)).plan).toBe('plus');
  });

  describe('the assistant’s daily quota follows the plan', () => {
    async function askUntilRefused(member: TestMember) {
      const conversation = await call(t.app, member, 'POST', '/api/v1/assistant/conversations', {});
      const id = conversation.json().id as string;
      for (let asked = 0; asked < 20; asked++) {
        const res = await call(t.app, member, 'POST', `/api/v1/assistant/conversations/${id}/messages`, {
          text: `Question ${asked}`,
        });
        if (res.statusCode === 429) return { asked, message: res.json().error.message as string };
        expect(res.statusCode, res.body).toBe(200);
      }
      throw new Error('never refused');
    }

    it('gives a free member AI_DAILY_MESSAGES questions', async () => {
      const member = await signUpMember(t.app, 'Free Asker');
      expect((await call(t.app, member, 'GET', '/api/v1/assistant')).json().quota.limit).toBe(FREE_DAILY);
      const refused = await askUntilRefused(member);
      expect(refused.asked).toBe(FREE_DAILY);
      expect(refused.message).toMatch(new RegExp(`^You have asked MoejrAI ${FREE_DAILY} questions today`));
    });

    it('gives a Plus member PLUS_DAILY_MESSAGES questions, and the free figure again once it ends', async () => {
      const { member, customer } = await customerOf('Plus Asker');
      const at = Math.floor(Date.now() / 1000);
      const subscription = stripeSubscription({ customer, priceId: MONTHLY.priceId });
      await subscriptionEvent('created', subscription, at);
      expect((await call(t.app, member, 'GET', '/api/v1/assistant')).json().quota.limit).toBe(PLUS_DAILY);
      const refused = await askUntilRefused(member);
      expect(refused.asked).toBe(PLUS_DAILY);
      expect(refused.message).toMatch(new RegExp(`^You have asked MoejrAI ${PLUS_DAILY} questions today`));

      await subscriptionEvent('deleted', { ...subscription, status: 'canceled' }, at + 1);
      expect((await call(t.app, member, 'GET', '/api/v1/assistant')).json().quota).toMatchObject({
        limit: FREE_DAILY,
        used: PLUS_DAILY,
      });
    });
  });
});
