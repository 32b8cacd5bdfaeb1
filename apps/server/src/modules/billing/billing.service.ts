// Plans and billing (decision 009). Stripe is the source of truth: Checkout and the Customer
// Portal change a subscription, and its signed webhooks tell us; the app never decides a plan
// itself. One `subscription` row per member keeps the state the last applied event described.
//
// Webhooks are idempotent (the event id is recorded in the transaction that applies it) and may
// arrive in any order: a change applies only when its event is not older than the last one
// applied, and a subscription that ended ('canceled', 'incomplete_expired') stays ended.
//
// With no Stripe configured everyone is free, nothing is sold, and nothing errors.
import {
  BILLING_ERROR_CODES,
  type BillingStatus,
  PLUS_STATUSES,
  type PlanCatalog,
  type SubscriptionStatus,
  subscriptionStatusSchema,
} from '@sahifa/contracts/billing';
import type { BillingConfig } from '#server/config.ts';
import { nowIso } from '#server/db/time.ts';
import { AppError } from '#server/kernel/app-error.ts';
import type { Logger } from '#server/kernel/logger.ts';
import {
  CustomerMissingError,
  type PaymentEvent,
  type Payments,
  PaymentsUnavailableError,
} from '#server/payments/payments.ts';
import type { BillingRepository, EventTransaction, SubscriptionRow } from './billing.repository.ts';

export interface BillingServiceDependencies {
  repository: BillingRepository;
  /** null: billing is not configured (no STRIPE_SECRET_KEY). */
  payments: Payments | null;
  config: BillingConfig;
  /** MoejrAI questions per day on the free plan (AI_DAILY_MESSAGES). */
  freeDailyQuestions: number;
  /** Where Stripe sends the browser back to, e.g. https://sahifa.example. */
  publicUrl: string;
  log: Logger;
}

/** The member a checkout is for, as Stripe's customer record will name them. */
export interface BillingMember {
  id: string;
  email: string;
  name: string;
}

/** Statuses after which Stripe never changes that subscription again. */
const ENDED = new Set(['canceled', 'incomplete_expired']);

const givesPlus = (status: string) => (PLUS_STATUSES as readonly string[]).includes(status);

function statusOf(row: SubscriptionRow | undefined): SubscriptionStatus {
  const status = subscriptionStatusSchema.safeParse(row?.status);
  return status.success ? status.data : 'none';
}

/** Whether a subscription event (bringing `status`) may change the member's row, given what the row shows. */
function isNewer(
  row: SubscriptionRow,
  event: Extract<PaymentEvent, { kind: 'subscription' }>,
  status: string,
) {
  const shown = row.stripe_subscription_id;
  if (shown === event.subscription.id) {
    if (ENDED.has(row.status)) return false;
    // 'created' is a subscription's first event: whatever was applied for it in the same second is as new.
    return event.change === 'created'
      ? event.created > row.event_created
      : event.created >= row.event_created;
  }
  if (shown !== null && event.created < row.event_created) return false;
  // Another subscription (e.g. an old one ending late) never takes the place of one that gives Plus
  // unless it gives Plus too.
  return !givesPlus(row.status) || givesPlus(status);
}

export function createBillingService(deps: BillingServiceDependencies) {
  const { repository, payments, config, log } = deps;
  const enabled = payments !== null;

  const isPlus = (row: SubscriptionRow | undefined) => enabled && row !== undefined && givesPlus(row.status);
  const dailyQuestionsOf = (row: SubscriptionRow | undefined) =>
    isPlus(row) ? config.plusDailyMessages : deps.freeDailyQuestions;
  const ourPriceId = (stripePriceId: string | null) =>
    config.prices.find((p) => p.priceId === stripePriceId)?.id ?? null;

  function requirePayments(): Payments {
    if (!payments) {
      throw new AppError(409, BILLING_ERROR_CODES.disabled, 'Sahifa is free here: there is nothing to pay.');
    }
    return payments;
  }

  /** Stripe's answer, or a 502 the member can read (the cause goes to the log, never the key). */
  async function fromStripe<T>(action: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof PaymentsUnavailableError)) throw error;
      log.error({ action, ...error.details }, 'stripe call failed');
      throw new AppError(
        502,
        BILLING_ERROR_CODES.stripeUnavailable,
        'Payments are unavailable right now. Please try again in a few minutes.',
      );
    }
  }

  async function apply(tx: EventTransaction, event: PaymentEvent): Promise<void> {
    switch (event.kind) {
      case 'checkout-completed': {
        // Links the member (our client_reference_id) to the customer, if the row is not there yet.
        const { userId, customerId, subscriptionId } = event;
        if (!userId || !customerId) return;
        const row = await tx.lockByUser(userId);
        if (!row) {
          if (await tx.memberExists(userId)) await tx.insert({ userId, customerId, subscriptionId });
          return;
        }
        // The member's customer is stored before Checkout opens; another one is not theirs to take.
        if (row.stripe_customer_id !== customerId) return;
        if (row.stripe_subscription_id === null && subscriptionId) {
          await tx.update(userId, { stripe_subscription_id: subscriptionId });
        }
        return;
      }
      case 'subscription': {
        const { subscription } = event;
        const row = await tx.lockByCustomer(subscription.customerId);
        const status = event.change === 'deleted' ? 'canceled' : subscription.status;
        if (!row || !isNewer(row, event, status)) return;
        await tx.update(row.user_id, {
          stripe_subscription_id: subscription.id,
          status,
          price_id: ourPriceId(subscription.stripePriceId),
          current_period_end: subscription.currentPeriodEnd,
          cancel_at_period_end: subscription.cancelAtPeriodEnd ? 1 : 0,
          event_created: event.created,
        });
        return;
      }
      case 'payment-failed': {
        if (!event.customerId || !event.subscriptionId) return;
        const row = await tx.lockByCustomer(event.customerId);
        if (!row || row.stripe_subscription_id !== event.subscriptionId) return;
        if (event.created < row.event_created) return;
        // A failed renewal of a paid subscription is past_due (Stripe retries); a failed first
        // payment leaves it incomplete, which was never Plus.
        if (row.status !== 'active' && row.status !== 'trialing') return;
        await tx.update(row.user_id, { status: 'past_due', event_created: event.created });
        return;
      }
      case 'other':
        return;
    }
  }

  return {
    enabled,

    catalog(): PlanCatalog {
      return {
        billingEnabled: enabled,
        free: { dailyQuestions: deps.freeDailyQuestions },
        plus: {
          dailyQuestions: config.plusDailyMessages,
          prices: enabled
            ? config.prices.map(({ id, interval, amount, currency }) => ({ id, interval, amount, currency }))
            : [],
        },
      };
    },

    async status(userId: string): Promise<BillingStatus> {
      const row = enabled ? await repository.findByUser(userId) : undefined;
      return {
        billingEnabled: enabled,
        plan: isPlus(row) ? 'plus' : 'free',
        status: statusOf(row),
        priceId: row?.price_id ?? null,
        currentPeriodEnd: row?.current_period_end ?? null,
        cancelAtPeriodEnd: row?.cancel_at_period_end === 1,
        dailyQuestions: dailyQuestionsOf(row),
        canManage: row !== undefined,
      };
    },

    /** MoejrAI questions per UTC day for this member: Plus's figure or the free one. */
    async dailyQuestions(userId: string): Promise<number> {
      return dailyQuestionsOf(enabled ? await repository.findByUser(userId) : undefined);
    },

    /** A Stripe Checkout page for Sahifa Plus at our price `priceId`. */
    async checkout(member: BillingMember, priceId: string): Promise<{ url: string }> {
      const stripe = requirePayments();
      const price = config.prices.find((p) => p.id === priceId);
      if (!price) {
        throw new AppError(400, BILLING_ERROR_CODES.unknownPrice, 'There is no such price of Sahifa Plus.');
      }
      const row = await repository.findByUser(member.id);
      if (isPlus(row)) {
        throw new AppError(
          409,
          BILLING_ERROR_CODES.alreadySubscribed,
          'You already have Sahifa Plus. Manage it from the billing page.',
        );
      }
      // The customer is stored before Checkout opens, so every webhook about it finds the member.
      const newCustomer = async () =>
        repository.addCustomer(
          member.id,
          await fromStripe('create customer', () => stripe.createCustomer(member)),
          nowIso(),
        );
      const checkoutFor = (customerId: string) =>
        fromStripe('create checkout session', () =>
          stripe.checkoutUrl({
            customerId,
            userId: member.id,
            stripePriceId: price.priceId,
            successUrl: `${deps.publicUrl}/app/billing?checkout=success`,
            cancelUrl: `${deps.publicUrl}/app/billing?checkout=cancelled`,
          }),
        );
      const customerId = row?.stripe_customer_id ?? (await newCustomer());
      try {
        return { url: await checkoutFor(customerId) };
      } catch (error) {
        if (!(error instanceof CustomerMissingError)) throw error;
        // Stripe forgot the stored customer (another account or mode): start again with a new one.
        log.info({ userId: member.id }, 'stripe customer missing: a new one is made');
        await repository.forgetCustomer(member.id, customerId);
        return { url: await checkoutFor(await newCustomer()) };
      }
    },

    /** The Customer Portal, where the member cancels, changes their card and reads invoices. */
    async portal(userId: string): Promise<{ url: string }> {
      const stripe = requirePayments();
      const noAccount = () =>
        new AppError(
          409,
          BILLING_ERROR_CODES.noCustomer,
          'You have no billing account yet. Subscribe to Sahifa Plus first.',
        );
      const row = await repository.findByUser(userId);
      if (!row) throw noAccount();
      try {
        const url = await fromStripe('create portal session', () =>
          stripe.portalUrl({
            customerId: row.stripe_customer_id,
            returnUrl: `${deps.publicUrl}/app/billing`,
          }),
        );
        return { url };
      } catch (error) {
        if (!(error instanceof CustomerMissingError)) throw error;
        // Nothing to manage in this Stripe account: the member is free here and may subscribe anew.
        log.info({ userId }, 'stripe customer missing: forgotten');
        await repository.forgetCustomer(userId, row.stripe_customer_id);
        throw noAccount();
      }
    },

    /** A webhook delivery: verified against the raw body, then applied once. */
    async receiveEvent(payload: Buffer, signature: string | undefined): Promise<void> {
      const event = await requirePayments().verifyEvent(payload, signature);
      if (!event) {
        // Usually a wrong STRIPE_WEBHOOK_SECRET; worth a line in the log, never the header itself.
        log.info({ signed: signature !== undefined }, 'stripe webhook refused: bad signature');
        throw new AppError(400, 'INVALID_SIGNATURE', 'The Stripe-Signature header does not match this body.');
      }
      await repository.recordEvent(event, nowIso(), (tx) => apply(tx, event));
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
