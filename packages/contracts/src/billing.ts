// Plans and billing (issue 11). Reading is free for everyone; Sahifa Plus raises MoejrAI's daily
// questions and shows a badge on the public profile. With no Stripe configured, all is free.
import { z } from 'zod';

export const planSchema = z.enum(['free', 'plus']);
export type Plan = z.infer<typeof planSchema>;

/** A price of Sahifa Plus, as the operator configured it (amount in the currency's minor unit). */
export const priceSchema = z.object({
  id: z.string(),
  interval: z.enum(['month', 'year']),
  amount: z.number().int(),
  currency: z.string(),
});
export type Price = z.infer<typeof priceSchema>;

/** GET /api/v1/plans (public): what each plan includes and what Plus costs. */
export const planCatalogSchema = z.object({
  /** false: nothing is sold; the pricing page says everything is free. */
  billingEnabled: z.boolean(),
  free: z.object({ dailyQuestions: z.number().int() }),
  plus: z.object({ dailyQuestions: z.number().int(), prices: z.array(priceSchema) }),
});
export type PlanCatalog = z.infer<typeof planCatalogSchema>;

/** Stripe's subscription statuses, and 'none' before the first subscription. */
export const subscriptionStatusSchema = z.enum([
  'none',
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
]);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/** Statuses that give Plus: paid, on trial, or a failed renewal Stripe is still retrying. */
export const PLUS_STATUSES: readonly SubscriptionStatus[] = ['active', 'trialing', 'past_due'];

/** GET /api/v1/billing: the member's plan. */
export const billingStatusSchema = z.object({
  billingEnabled: z.boolean(),
  plan: planSchema,
  status: subscriptionStatusSchema,
  /** The price subscribed to (our id, e.g. 'plus-monthly'); null on free. */
  priceId: z.string().nullable(),
  /** Renewal date, or the end date when cancelAtPeriodEnd. */
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  dailyQuestions: z.number().int(),
  /** A Stripe customer exists: the Customer Portal can open (cards, invoices, cancel). */
  canManage: z.boolean(),
});
export type BillingStatus = z.infer<typeof billingStatusSchema>;

/** POST /api/v1/billing/checkout → 200 { url } (Stripe Checkout); 409 when already on Plus. */
export const checkoutBodySchema = z.object({ priceId: z.string().min(1).max(40) });

/** POST /api/v1/billing/checkout and POST /api/v1/billing/portal → where to send the browser. */
export const redirectUrlSchema = z.object({ url: z.url() });

export const BILLING_ERROR_CODES = {
  disabled: 'BILLING_DISABLED',
  alreadySubscribed: 'ALREADY_SUBSCRIBED',
  unknownPrice: 'UNKNOWN_PRICE',
  noCustomer: 'NO_BILLING_ACCOUNT',
  stripeUnavailable: 'PAYMENTS_UNAVAILABLE',
} as const;
