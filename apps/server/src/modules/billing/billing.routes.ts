// Plans and billing: GET /api/v1/plans (public), the member's plan, Checkout and the Customer
// Portal under /api/v1/billing, and Stripe's webhook at /api/webhooks/stripe. The webhook is
// outside /api/v1 (Stripe sends no Origin and must not meet the write rate limit) and exists only
// when billing is configured.
import {
  billingStatusSchema,
  checkoutBodySchema,
  planCatalogSchema,
  redirectUrlSchema,
} from '@sahifa/contracts/billing';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberOnly, requireMember } from '#server/auth/require-member.ts';
import type { BillingService } from './billing.service.ts';

export async function billingRoutes(fastify: FastifyInstance, { billing }: { billing: BillingService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/v1/plans',
    {
      schema: {
        tags: ['billing'],
        summary: 'What the free plan and Sahifa Plus include, and what Plus costs (public)',
        response: { 200: planCatalogSchema },
      },
    },
    async () => billing.catalog(),
  );

  app.get(
    '/api/v1/billing',
    {
      onRequest: memberOnly,
      schema: {
        tags: ['billing'],
        summary: 'Your plan, its status and renewal or end date',
        response: { 200: billingStatusSchema },
      },
    },
    async (request) => billing.status((await requireMember(request)).id),
  );

  app.post(
    '/api/v1/billing/checkout',
    {
      onRequest: memberOnly,
      schema: {
        tags: ['billing'],
        summary: 'Open Stripe Checkout for Sahifa Plus at one of its prices',
        body: checkoutBodySchema,
        response: { 200: redirectUrlSchema },
      },
    },
    async (request) => {
      const member = await requireMember(request);
      return billing.checkout(
        { id: member.id, email: member.email, name: member.name },
        request.body.priceId,
      );
    },
  );

  app.post(
    '/api/v1/billing/portal',
    {
      onRequest: memberOnly,
      schema: {
        tags: ['billing'],
        summary: 'Open the Stripe Customer Portal (cancel, change card, invoices)',
        response: { 200: redirectUrlSchema },
      },
    },
    async (request) => billing.portal((await requireMember(request)).id),
  );

  if (billing.enabled) await fastify.register(stripeWebhookRoute, { billing });
}

/** Its own plugin, so that only this route reads the body as raw bytes (the signature covers them). */
async function stripeWebhookRoute(fastify: FastifyInstance, { billing }: { billing: BillingService }) {
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  fastify.withTypeProvider<ZodTypeProvider>().post(
    '/api/webhooks/stripe',
    {
      schema: {
        tags: ['billing'],
        summary: "Stripe's signed events (subscriptions, checkout, failed payments)",
        response: { 200: z.object({ received: z.literal(true) }) },
      },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      await billing.receiveEvent(
        Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        typeof signature === 'string' ? signature : undefined,
      );
      return { received: true as const };
    },
  );
}
