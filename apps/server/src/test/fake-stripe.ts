// A small HTTP server that speaks Stripe's REST wire format (form-encoded requests, JSON answers,
// Stripe's error objects) for what Sahifa calls through the real `stripe` SDK: customers,
// Checkout sessions and Customer Portal sessions. Its Checkout and Portal URLs are pages it serves
// itself: "Pay and subscribe" creates the subscription, posts the signed webhooks Stripe would
// (customer.subscription.created, then checkout.session.completed) to the webhook URL, and sends
// the browser to success_url; the portal's "Cancel subscription" cancels at the period's end (an
// updated event) and "Cancel now" at once (a deleted event), then goes back to return_url.
//
// Free of test-runner imports, so a plain Node script can start it for browser journeys:
//   const fake = await startFakeStripe();
//   const server = await startLocalServer({ env: fakeStripeEnv(fake) });
//   fake.deliverWebhooksTo(`${server.baseURL}/api/webhooks/stripe`);
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export const FAKE_STRIPE_SECRET_KEY = 'sk_test_sahifa_fake_stripe';
export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_sahifa_fake_stripe';

/** Sahifa Plus as the fake sells it: BILLING_PLANS entries, each with its Stripe price. */
export const FAKE_STRIPE_PRICES = [
  {
    id: 'plus-monthly',
    priceId: 'price_sahifa_plus_monthly',
    interval: 'month',
    amount: 499,
    currency: 'usd',
  },
  { id: 'plus-yearly', priceId: 'price_sahifa_plus_yearly', interval: 'year', amount: 4900, currency: 'usd' },
] as const;

type JsonObject = Record<string, unknown>;

export interface FakeStripeRequest {
  method: string;
  /** Path without the query, e.g. /v1/checkout/sessions */
  path: string;
  /** The form body, decoded into nested objects as Stripe reads it (line_items[0][price] …). */
  body: JsonObject;
  /** The Bearer key sent; null if none. */
  apiKey: string | null;
}

export interface FakeStripeDelivery {
  type: string;
  eventId: string;
  /** The webhook endpoint's HTTP status; null when it could not be reached or no URL is set. */
  status: number | null;
}

/** A Stripe error the next API calls answer with (e.g. a 500 api_error, a 402 card_error). */
export interface FakeStripeFailure {
  status: number;
  type?: string;
  message?: string;
  code?: string;
}

export interface FakeStripeOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Requests with another key get Stripe's 401. */
  secretKey?: string;
  webhookSecret?: string;
  /** Where events are posted; settable later with deliverWebhooksTo. */
  webhookUrl?: string;
}

export interface FakeStripe {
  /** http://127.0.0.1:<port>, also the STRIPE_API_URL to configure. */
  origin: string;
  secretKey: string;
  webhookSecret: string;
  deliverWebhooksTo(url: string | null): void;
  /** Every API call (not the pages), in order. */
  requests: FakeStripeRequest[];
  /** Every webhook posted, in order, with the app's answer. */
  deliveries: FakeStripeDelivery[];
  customers: Map<string, JsonObject>;
  checkoutSessions: Map<string, JsonObject>;
  subscriptions: Map<string, JsonObject>;
  /** The next `times` API calls answer `failure` (Stripe-Should-Retry: false, so the SDK does not retry). */
  failNext(failure: FakeStripeFailure, times?: number): void;
  close(): Promise<void>;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const PERIOD_SECONDS = { month: 30 * 24 * 3600, year: 365 * 24 * 3600 } as const;

/** An event as Stripe sends it to a webhook endpoint. */
export function stripeEvent(
  type: string,
  object: JsonObject,
  options: { id?: string; created?: number } = {},
): JsonObject {
  return {
    id: options.id ?? newId('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: options.created ?? nowSeconds(),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

/** The body and Stripe-Signature header of a webhook delivery of `event`, signed with `secret`. */
export function signEvent(
  event: JsonObject | string,
  secret = FAKE_STRIPE_WEBHOOK_SECRET,
  timestamp = nowSeconds(),
): { payload: string; signature: string } {
  const payload = typeof event === 'string' ? event : JSON.stringify(event);
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp }) };
}

/** A subscription object as Stripe's API shows it (one item, one price). */
export function stripeSubscription(input: {
  id?: string;
  customer: string;
  priceId: string;
  interval?: 'month' | 'year';
  status?: string;
  cancelAtPeriodEnd?: boolean;
  /** Unix seconds. */
  currentPeriodEnd?: number;
  created?: number;
}): JsonObject {
  const id = input.id ?? newId('sub');
  const created = input.created ?? nowSeconds();
  const interval = input.interval ?? 'month';
  const periodEnd = input.currentPeriodEnd ?? created + PERIOD_SECONDS[interval];
  return {
    id,
    object: 'subscription',
    customer: input.customer,
    status: input.status ?? 'active',
    created,
    start_date: created,
    cancel_at_period_end: input.cancelAtPeriodEnd ?? false,
    cancel_at: input.cancelAtPeriodEnd ? periodEnd : null,
    canceled_at: null,
    ended_at: null,
    currency: 'usd',
    livemode: false,
    metadata: {},
    items: {
      object: 'list',
      has_more: false,
      url: `/v1/subscription_items?subscription=${id}`,
      data: [
        {
          id: newId('si'),
          object: 'subscription_item',
          created,
          current_period_start: created,
          current_period_end: periodEnd,
          price: { id: input.priceId, object: 'price', recurring: { interval } },
          quantity: 1,
          subscription: id,
        },
      ],
    },
  };
}

/** Form fields as Stripe decodes them: `a[b][0][c]=v` → { a: { b: [{ c: 'v' }] } }. */
function decodeForm(text: string): JsonObject {
  const root: JsonObject = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: JsonObject | unknown[] = root;
    path.forEach((part, index) => {
      const last = index === path.length - 1;
      const container = node as Record<string, unknown>;
      const slot = part === '' && Array.isArray(node) ? String(node.length) : part;
      if (last) {
        container[slot] = value;
        return;
      }
      const nextIsIndex = /^\d*$/.test(path[index + 1] ?? '');
      container[slot] ??= nextIsIndex ? [] : {};
      node = container[slot] as JsonObject | unknown[];
    });
  }
  return root;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, {
    'content-type': 'application/json',
    'request-id': newId('req'),
    ...headers,
  });
  res.end(JSON.stringify(body));
}

function stripeError(res: ServerResponse, status: number, error: JsonObject) {
  sendJson(res, status, { error }, { 'stripe-should-retry': 'false' });
}

const missing = (res: ServerResponse, kind: string, id: unknown, param: string) =>
  stripeError(res, 404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param,
    message: `No such ${kind}: '${String(id)}'`,
  });

const required = (res: ServerResponse, param: string) =>
  stripeError(res, 400, {
    type: 'invalid_request_error',
    code: 'parameter_missing',
    param,
    message: `Missing required param: ${param}.`,
  });

function redirect(res: ServerResponse, location: string) {
  res.writeHead(303, { location });
  res.end();
}

function html(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(body);
}

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? FAKE_STRIPE_SECRET_KEY;
  const webhookSecret = options.webhookSecret ?? FAKE_STRIPE_WEBHOOK_SECRET;
  let webhookUrl = options.webhookUrl ?? null;
  const requests: FakeStripeRequest[] = [];
  const deliveries: FakeStripeDelivery[] = [];
  const customers = new Map<string, JsonObject>();
  const checkoutSessions = new Map<string, JsonObject>();
  /** What each Checkout session sells (Stripe keeps it in line_items, which we do not expand). */
  const sessionPrices = new Map<string, (typeof FAKE_STRIPE_PRICES)[number]>();
  const portalSessions = new Map<string, JsonObject>();
  const subscriptions = new Map<string, JsonObject>();
  const failures: FakeStripeFailure[] = [];
  let origin = '';

  /** Posts the event, signed, to the webhook URL, waiting for the app's answer (as Stripe does). */
  async function send(type: string, object: JsonObject) {
    const event = stripeEvent(type, object);
    const delivery: FakeStripeDelivery = { type, eventId: String(event.id), status: null };
    deliveries.push(delivery);
    if (!webhookUrl) return;
    const { payload, signature } = signEvent(event, webhookSecret);
    try {
      const response = await fetch(webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signature,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
      });
      delivery.status = response.status;
      await response.arrayBuffer();
    } catch {
      delivery.status = null;
    }
  }

  async function api(req: IncomingMessage, res: ServerResponse, path: string) {
    const body = decodeForm(await readBody(req));
    const auth = req.headers.authorization ?? '';
    const apiKey = auth.startsWith('Bearer ') ? auth.slice('Bearer '.length) : null;
    requests.push({ method: req.method ?? '', path, body, apiKey });

    if (apiKey !== secretKey) {
      return stripeError(res, 401, {
        type: 'invalid_request_error',
        message: `Invalid API Key provided: ${apiKey ? `${apiKey.slice(0, 8)}****${apiKey.slice(-4)}` : '(none)'}`,
      });
    }
    const failure = failures.shift();
    if (failure) {
      return stripeError(res, failure.status, {
        type: failure.type ?? 'api_error',
        message: failure.message ?? 'An error occurred with our connection to Stripe.',
        ...(failure.code ? { code: failure.code } : {}),
      });
    }

    if (req.method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: newId('cus'),
        object: 'customer',
        created: nowSeconds(),
        email: body.email ?? null,
        name: body.name ?? null,
        metadata: body.metadata ?? {},
        livemode: false,
      };
      customers.set(customer.id, customer);
      return sendJson(res, 200, customer);
    }

    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      if (body.mode !== 'subscription') return required(res, 'mode');
      for (const param of ['success_url', 'cancel_url'] as const)
        if (!body[param]) return required(res, param);
      if (!customers.has(String(body.customer))) return missing(res, 'customer', body.customer, 'customer');
      const item = (body.line_items as JsonObject[] | undefined)?.[0];
      const price = FAKE_STRIPE_PRICES.find((p) => p.priceId === item?.price);
      if (!price) return missing(res, 'price', item?.price, 'line_items[0][price]');
      const id = newId('cs_test');
      const session = {
        id,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'open',
        payment_status: 'unpaid',
        customer: body.customer,
        client_reference_id: body.client_reference_id ?? null,
        subscription: null,
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        url: `${origin}/checkout/${id}`,
        created: nowSeconds(),
        livemode: false,
        metadata: body.metadata ?? {},
      };
      checkoutSessions.set(id, session);
      sessionPrices.set(id, price);
      return sendJson(res, 200, session);
    }

    if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (!body.return_url) return required(res, 'return_url');
      if (!customers.has(String(body.customer))) return missing(res, 'customer', body.customer, 'customer');
      const id = newId('bps');
      const session = {
        id,
        object: 'billing_portal.session',
        customer: body.customer,
        return_url: body.return_url,
        url: `${origin}/portal/${id}`,
        created: nowSeconds(),
        livemode: false,
      };
      portalSessions.set(id, session);
      return sendJson(res, 200, session);
    }

    return stripeError(res, 404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${req.method}: ${path}).`,
    });
  }

  function checkoutPage(res: ServerResponse, session: JsonObject) {
    const price = sessionPrices.get(String(session.id));
    const amount = price
      ? `${(price.amount / 100).toFixed(2)} ${price.currency.toUpperCase()} a ${price.interval}`
      : '';
    html(
      res,
      200,
      page(
        'Subscribe to Sahifa Plus',
        `<p>Fake Stripe Checkout (test mode). ${escapeHtml(amount)}</p>
<form method="post" action="/checkout/${escapeHtml(String(session.id))}/pay"><button type="submit">Pay and subscribe</button></form>
<p><a href="${escapeHtml(String(session.cancel_url))}">Cancel and go back</a></p>`,
      ),
    );
  }

  async function pay(res: ServerResponse, session: JsonObject) {
    if (session.status === 'open') {
      const price = sessionPrices.get(String(session.id)) ?? FAKE_STRIPE_PRICES[0];
      const subscription = stripeSubscription({
        customer: String(session.customer),
        priceId: price.priceId,
        interval: price.interval,
      });
      subscriptions.set(String(subscription.id), subscription);
      Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: subscription.id });
      await send('customer.subscription.created', subscription);
      await send('checkout.session.completed', session);
    }
    redirect(res, String(session.success_url));
  }

  const liveSubscriptionsOf = (customer: unknown) =>
    [...subscriptions.values()].filter((s) => s.customer === customer && s.status !== 'canceled');

  function portalPage(res: ServerResponse, session: JsonObject) {
    const live = liveSubscriptionsOf(session.customer);
    const id = escapeHtml(String(session.id));
    const list = live
      .map((s) => {
        const item = (s.items as { data: { current_period_end: number }[] }).data[0];
        const end = new Date((item?.current_period_end ?? 0) * 1000).toISOString().slice(0, 10);
        return `<li>Sahifa Plus, ${escapeHtml(String(s.status))}${s.cancel_at_period_end ? `, ends ${end}` : `, renews ${end}`}</li>`;
      })
      .join('');
    const actions =
      live.length > 0
        ? `<form method="post" action="/portal/${id}/cancel"><input type="hidden" name="when" value="period_end"><button type="submit">Cancel subscription</button></form>
<form method="post" action="/portal/${id}/cancel"><input type="hidden" name="when" value="now"><button type="submit">Cancel now</button></form>`
        : '<p>No active subscription.</p>';
    html(
      res,
      200,
      page(
        'Manage your subscription',
        `<p>Fake Stripe Customer Portal (test mode).</p><ul>${list}</ul>${actions}
<p><a href="${escapeHtml(String(session.return_url))}">Return to Sahifa</a></p>`,
      ),
    );
  }

  async function cancel(req: IncomingMessage, res: ServerResponse, session: JsonObject) {
    const now = new URLSearchParams(await readBody(req)).get('when') === 'now';
    for (const subscription of liveSubscriptionsOf(session.customer)) {
      if (now) {
        Object.assign(subscription, {
          status: 'canceled',
          canceled_at: nowSeconds(),
          ended_at: nowSeconds(),
        });
        await send('customer.subscription.deleted', subscription);
      } else {
        const item = (subscription.items as { data: { current_period_end: number }[] }).data[0];
        Object.assign(subscription, {
          cancel_at_period_end: true,
          cancel_at: item?.current_period_end ?? null,
          canceled_at: nowSeconds(),
        });
        await send('customer.subscription.updated', subscription);
      }
    }
    redirect(res, String(session.return_url));
  }

  async function respond(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    if (path.startsWith('/v1/')) return api(req, res, path);

    const [, area, id, action] = path.split('/');
    if (area === 'checkout' && id) {
      const session = checkoutSessions.get(id);
      if (!session) return html(res, 404, page('This checkout does not exist', ''));
      if (req.method === 'GET' && !action) return checkoutPage(res, session);
      if (req.method === 'POST' && action === 'pay') return pay(res, session);
    }
    if (area === 'portal' && id) {
      const session = portalSessions.get(id);
      if (!session) return html(res, 404, page('This portal session does not exist', ''));
      if (req.method === 'GET' && !action) return portalPage(res, session);
      if (req.method === 'POST' && action === 'cancel') return cancel(req, res, session);
    }
    html(res, 404, page('Not found', ''));
  }

  const server = createServer((req, res) => {
    respond(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: { type: 'api_error', message: String(error) } });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    secretKey,
    webhookSecret,
    deliverWebhooksTo(url) {
      webhookUrl = url;
    },
    requests,
    deliveries,
    customers,
    checkoutSessions,
    subscriptions,
    failNext(failure, times = 1) {
      for (let i = 0; i < times; i++) failures.push(failure);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** The environment that points the app at `fake` (and sells FAKE_STRIPE_PRICES). */
export function fakeStripeEnv(
  fake: FakeStripe,
  overrides: Record<string, string> = {},
): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: fake.secretKey,
    STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
    STRIPE_API_URL: fake.origin,
    BILLING_PLANS: JSON.stringify(FAKE_STRIPE_PRICES),
    ...overrides,
  };
}
