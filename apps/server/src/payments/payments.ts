// Sahifa Plus is sold through Stripe (decision 009): Checkout takes the first payment, the
// Customer Portal the rest, and signed webhooks say what happened. This adapter is the only code
// that knows Stripe's SDK and its objects; the billing module gets plain values back.
import Stripe from 'stripe';
import type { StripeConfig } from '#server/config.ts';

/** A subscription as one webhook event saw it. */
export interface SubscriptionSnapshot {
  id: string;
  customerId: string;
  /** Stripe's status ('active', 'past_due', 'canceled', …). */
  status: string;
  /** Stripe's price id (price_…) of its first item; null if it has none. */
  stripePriceId: string | null;
  /** ISO 8601; on recent API versions the period lives on the subscription's items. */
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
}

/** A verified webhook event, reduced to what billing acts on. */
export type PaymentEvent = { id: string; type: string /** Unix seconds. */; created: number } & (
  | {
      kind: 'checkout-completed';
      /** Our member id, sent as client_reference_id. */
      userId: string | null;
      customerId: string | null;
      subscriptionId: string | null;
    }
  | { kind: 'subscription'; change: 'created' | 'updated' | 'deleted'; subscription: SubscriptionSnapshot }
  | { kind: 'payment-failed'; customerId: string | null; subscriptionId: string | null }
  | { kind: 'other' }
);

/** Stripe could not be reached or refused the call; `details` are safe to log (no key, no message). */
export class PaymentsUnavailableError extends Error {
  override name = 'PaymentsUnavailableError';

  constructor(readonly details: Record<string, unknown>) {
    super('Stripe did not answer as expected');
  }
}

/**
 * Stripe does not know the customer (e.g. the keys moved from test to live mode, or it was deleted
 * in the dashboard): the stored one can never be used again.
 */
export class CustomerMissingError extends Error {
  override name = 'CustomerMissingError';
}

export interface Payments {
  createCustomer(member: { id: string; email: string; name: string }): Promise<string>;
  /** The Stripe Checkout page for one subscription to `stripePriceId`; CustomerMissingError. */
  checkoutUrl(input: {
    customerId: string;
    userId: string;
    stripePriceId: string;
    successUrl: string;
    cancelUrl: string;
  }): Promise<string>;
  /** The Customer Portal page (cancel, change card, invoices); CustomerMissingError. */
  portalUrl(input: { customerId: string; returnUrl: string }): Promise<string>;
  /** The event, if `signature` is Stripe's for these exact bytes; null otherwise. */
  verifyEvent(payload: Buffer, signature: string | undefined): Promise<PaymentEvent | null>;
}

/** What a log may say about a failed call: the SDK's error class, status and code, never its message. */
function describeFailure(error: unknown): Record<string, unknown> {
  if (error instanceof Stripe.errors.StripeError) {
    return {
      error: error.type,
      ...(error.statusCode ? { statusCode: error.statusCode } : {}),
      ...(error.code ? { code: error.code } : {}),
      ...(error.requestId ? { requestId: error.requestId } : {}),
    };
  }
  return { error: error instanceof Error ? error.name : typeof error };
}

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (
      error instanceof Stripe.errors.StripeInvalidRequestError &&
      error.code === 'resource_missing' &&
      error.param === 'customer'
    ) {
      throw new CustomerMissingError();
    }
    throw new PaymentsUnavailableError(describeFailure(error));
  }
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

const isoFromSeconds = (seconds: number | null | undefined): string | null =>
  typeof seconds === 'number' ? new Date(seconds * 1000).toISOString() : null;

function snapshot(subscription: Stripe.Subscription): SubscriptionSnapshot {
  const item = subscription.items?.data?.[0];
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    status: subscription.status,
    stripePriceId: item?.price?.id ?? null,
    currentPeriodEnd: isoFromSeconds(item?.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end === true,
  };
}

function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  const base = { id: event.id, type: event.type, created: event.created };
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      return {
        ...base,
        kind: 'checkout-completed',
        userId: session.client_reference_id ?? null,
        customerId: idOf(session.customer),
        subscriptionId: idOf(session.subscription),
      };
    }
    case 'customer.subscription.created':
      return { ...base, kind: 'subscription', change: 'created', subscription: snapshot(event.data.object) };
    case 'customer.subscription.updated':
      return { ...base, kind: 'subscription', change: 'updated', subscription: snapshot(event.data.object) };
    case 'customer.subscription.deleted':
      return { ...base, kind: 'subscription', change: 'deleted', subscription: snapshot(event.data.object) };
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      return {
        ...base,
        kind: 'payment-failed',
        customerId: idOf(invoice.customer),
        subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
      };
    }
    default:
      return { ...base, kind: 'other' };
  }
}

/** The Stripe client for `config`, or null when billing is not configured. */
export function createPayments(config: StripeConfig | null): Payments | null {
  if (!config) return null;
  const api = config.apiUrl ? new URL(config.apiUrl) : null;
  const stripe = new Stripe(config.secretKey, {
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'http:' ? 80 : 443),
          protocol: api.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
    // A member waits on these calls; Stripe answers in well under a second when it is well.
    timeout: 20_000,
    maxNetworkRetries: 1,
    // Telemetry would also write an id file under the server user's home directory.
    telemetry: false,
  });

  return {
    async createCustomer(member) {
      const customer = await call(() =>
        stripe.customers.create({ email: member.email, name: member.name, metadata: { userId: member.id } }),
      );
      return customer.id;
    },

    async checkoutUrl(input) {
      const session = await call(() =>
        stripe.checkout.sessions.create({
          mode: 'subscription',
          customer: input.customerId,
          client_reference_id: input.userId,
          line_items: [{ price: input.stripePriceId, quantity: 1 }],
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        }),
      );
      if (!session.url) throw new PaymentsUnavailableError({ error: 'CheckoutSessionWithoutUrl' });
      return session.url;
    },

    async portalUrl(input) {
      const session = await call(() =>
        stripe.billingPortal.sessions.create({ customer: input.customerId, return_url: input.returnUrl }),
      );
      return session.url;
    },

    async verifyEvent(payload, signature) {
      if (!signature) return null;
      try {
        return toPaymentEvent(
          await stripe.webhooks.constructEventAsync(payload, signature, config.webhookSecret),
        );
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) return null;
        throw error;
      }
    },
  };
}
