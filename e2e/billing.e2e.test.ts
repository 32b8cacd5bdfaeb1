// Journey: pricing and billing. With Stripe configured (a fake Stripe API of our own, driven by the
// app through the real SDK): a visitor sees Plus's prices on /pricing; a member subscribes yearly
// through the fake's Checkout page, comes back to /app/billing as Sahifa Plus with its renewal
// date and the larger MoejrAI quota, and wears the Plus badge on their profile; the Customer
// Portal's "Cancel subscription" brings them back to a plan that ends on that date. Without Stripe
// (the shared server), /pricing says everything is free and /app/billing that there is nothing to pay.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_STRIPE_PRICES,
  type FakeStripe,
  fakeStripeEnv,
  startFakeStripe,
} from '../apps/server/src/test/fake-stripe.ts';
import { startLocalServer } from '../scripts/local-server.mjs';
import { newMember, signUp, useBrowser } from './support/browser.ts';

const FREE_QUESTIONS = 7;
const PLUS_QUESTIONS = 120;
const YEARLY_PRICE_ID = FAKE_STRIPE_PRICES.find((price) => price.interval === 'year')?.priceId;

/** The items of a subscription object, as Stripe's API shows them. */
type SubscriptionItems = { data: { current_period_end: number; price: { id: string } }[] };

/** The value next to a label in a description list (the billing page's "Plan", "Renews on", …). */
const fact = (page: Page, label: string) =>
  page.locator(`xpath=//dt[normalize-space()="${label}"]/following-sibling::dd[1]`);

/** A date as the English interface writes it ("March 5, 2027"). */
const longDate = (unixSeconds: number) =>
  new Intl.DateTimeFormat('en-u-nu-latn', { day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(unixSeconds * 1000),
  );

/** The member's number, as their settings show it. */
async function memberNumber(page: Page): Promise<string> {
  await page.goto('/app/settings');
  const line = await page.getByText(/^Member number \d+$/).innerText();
  return line.replace(/\D/g, '');
}

describe('billing with Stripe', () => {
  let fake: FakeStripe;
  let server: Awaited<ReturnType<typeof startLocalServer>>;

  beforeAll(async () => {
    fake = await startFakeStripe();
    server = await startLocalServer({
      env: {
        ...fakeStripeEnv(fake),
        AI_DAILY_MESSAGES: String(FREE_QUESTIONS),
        PLUS_DAILY_MESSAGES: String(PLUS_QUESTIONS),
        AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      },
    });
    fake.deliverWebhooksTo(`${server.baseURL}/api/webhooks/stripe`);
  });

  afterAll(async () => {
    const code = await server?.stop();
    await fake?.close();
    if (code !== 0 && code !== undefined)
      throw new Error(`The server exited with ${code}:\n${server.output()}`);
  });

  // Registered after the server's hooks, so the browser closes first (after-hooks run in reverse).
  const browser = useBrowser();

  it('shows a visitor the plans with their prices, and sends them to log in to subscribe', async () => {
    const page = await browser.newPage(undefined, server);
    await page.goto('/pricing');
    await page.getByRole('heading', { level: 1, name: 'Pricing' }).waitFor();
    const plus = page.getByRole('region', { name: 'Sahifa Plus' });
    await plus.waitFor();
    const plusText = await plus.innerText();
    // $4.99 a month, $49 a year (whole amounts lose their ".00"): $4.08 a month, 18% less.
    expect(plusText).toMatch(/\$4\.99\s+per month/);
    expect(plusText).toMatch(/\$49\s+per year/);
    expect(plusText).toContain('That is $4.08 a month · save 18%');
    expect(plusText).toContain(`${PLUS_QUESTIONS} MoejrAI questions a day`);
    expect(plusText).toContain('A Plus badge on your profile');
    const free = page.getByRole('region', { name: 'Free' });
    expect(await free.innerText()).toContain(`${FREE_QUESTIONS} MoejrAI questions a day`);
    expect(await page.getByText('Everything on Sahifa is free.').count()).toBe(0);

    await plus.getByRole('link', { name: 'Log in to subscribe' }).click();
    await page.waitForURL('**/login?redirectTo=%2Fapp%2Fbilling');
  });

  it('subscribes through Checkout, comes back as Plus, and cancels in the portal', async () => {
    const page = await browser.newPage(undefined, server);
    const member = newMember();
    await signUp(page, member, server);
    const number = await memberNumber(page);
    await page.goto('/app/moejrAI');
    await page.getByText(`${FREE_QUESTIONS} questions left today`, { exact: true }).waitFor();

    // Free: the plan, the free quota, and the way to Plus.
    await page.goto('/app/billing');
    await page.getByRole('heading', { level: 2, name: 'Your plan' }).waitFor();
    expect(await fact(page, 'Plan').innerText()).toBe('Free');
    expect(await fact(page, 'MoejrAI questions').innerText()).toBe(`${FREE_QUESTIONS} a day`);
    expect(await page.getByRole('button', { name: 'Manage subscription' }).count()).toBe(0);
    const subscribe = page.getByRole('region', { name: 'Get Sahifa Plus' });
    const monthly = subscribe.getByRole('radio', { name: /^Monthly/ });
    const yearly = subscribe.getByRole('radio', { name: /^Yearly/ });
    expect(await monthly.isChecked()).toBe(true);
    expect(await subscribe.innerText()).toMatch(/\$4\.99 per month[\s\S]*\$49 per year/);

    // Yearly, on the fake's Checkout page.
    await yearly.check();
    await subscribe.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL(`${fake.origin}/checkout/**`);
    await page.getByRole('heading', { name: 'Subscribe to Sahifa Plus' }).waitFor();
    expect(await page.locator('main').innerText()).toContain('49.00 USD a year');
    await page.getByRole('button', { name: 'Pay and subscribe' }).click();

    // Back on Sahifa as Plus (Stripe's webhooks came first).
    await page.waitForURL(`${server.baseURL}/app/billing?checkout=success`);
    await page.getByText('Sahifa Plus is active. Thank you!').waitFor();
    expect(fake.deliveries.map((d) => [d.type, d.status])).toEqual([
      ['customer.subscription.created', 200],
      ['checkout.session.completed', 200],
    ]);
    // The subscription the fake made: one yearly price, renewing a year from now.
    expect(fake.subscriptions.size).toBe(1);
    const [subscription] = [...fake.subscriptions.values()];
    if (!subscription) throw new Error('The fake made no subscription');
    const [item] = (subscription.items as SubscriptionItems).data;
    expect(item?.price.id).toBe(YEARLY_PRICE_ID);
    const periodEnd = item?.current_period_end ?? 0;
    expect(await fact(page, 'Plan').innerText()).toContain('Sahifa Plus');
    expect(await fact(page, 'Plan').getByTitle('Sahifa Plus member').count()).toBe(1);
    expect(await fact(page, 'Status').innerText()).toBe('Active');
    expect(await fact(page, 'Renews on').innerText()).toBe(longDate(periodEnd));
    expect(await fact(page, 'MoejrAI questions').innerText()).toBe(`${PLUS_QUESTIONS} a day`);
    expect(await page.getByRole('region', { name: 'Get Sahifa Plus' }).count()).toBe(0);
    // The Plus quota is the assistant's too.
    await page.goto('/app/moejrAI');
    await page.getByText(`${PLUS_QUESTIONS} questions left today`, { exact: true }).waitFor();

    // The badge is on the public profile, for the member and for anyone else.
    await page.goto(`/app/${number}`);
    await page.getByRole('heading', { level: 1, name: member.name }).waitFor();
    await page.getByTitle('Sahifa Plus member').waitFor();
    const other = await browser.newPage(undefined, server);
    await signUp(other, newMember(), server);
    await other.goto(`/app/${number}`);
    await other.getByRole('heading', { level: 1, name: member.name }).waitFor();
    await other.getByTitle('Sahifa Plus member').waitFor();
    // … and not on a free member's.
    await other.goto(`/app/${await memberNumber(other)}`);
    await other.getByRole('link', { name: 'Edit profile' }).waitFor();
    expect(await other.getByTitle('Sahifa Plus member').count()).toBe(0);

    // Manage → the portal → cancel at the end of the period → back: Plus until that date.
    await page.goto('/app/billing');
    await page.getByRole('button', { name: 'Manage subscription' }).click();
    await page.waitForURL(`${fake.origin}/portal/**`);
    await page.getByRole('heading', { name: 'Manage your subscription' }).waitFor();
    await page.getByRole('button', { name: 'Cancel subscription', exact: true }).click();
    await page.waitForURL(`${server.baseURL}/app/billing`);
    await fact(page, 'Ends on').waitFor();
    expect(await fact(page, 'Ends on').innerText()).toBe(longDate(periodEnd));
    expect(await fact(page, 'Renews on').count()).toBe(0);
    expect(await fact(page, 'Plan').innerText()).toContain('Sahifa Plus');
    expect(fake.deliveries.at(-1)).toMatchObject({ type: 'customer.subscription.updated', status: 200 });
    // Still Plus after a reload (the state is the server's, not the page's).
    await page.reload();
    expect(await fact(page, 'Ends on').innerText()).toBe(longDate(periodEnd));
  });

  it('writes the prices for an Arabic visitor, with Western digits', async () => {
    const page = await browser.newPage(undefined, server);
    await page.addInitScript(() => window.localStorage.setItem('i18nextLng', 'ar'));
    await page.goto('/pricing');
    const plus = page.getByRole('region', { name: 'صحيفة بلس' });
    await plus.waitFor();
    const text = await plus.innerText();
    expect(text).toContain('4.99');
    expect(text).not.toContain('$4.99');
    expect(text).not.toMatch(/[٠-٩]/);
  });
});

describe('billing without Stripe (the embedded default)', () => {
  const browser = useBrowser();

  it('says on /pricing that everything is free, and on /app/billing that there is nothing to pay', async () => {
    const page = await browser.newPage();
    await page.goto('/pricing');
    await page.getByText('Everything on Sahifa is free.').waitFor();
    expect(await page.getByRole('region', { name: 'Sahifa Plus' }).count()).toBe(0);
    expect(await page.getByText(/\$\d/).count()).toBe(0);
    await page
      .getByRole('region', { name: 'Free' })
      .getByRole('link', { name: 'Create a free account' })
      .waitFor();

    await signUp(page, newMember());
    await page.goto('/app/billing');
    await page.getByRole('heading', { level: 2, name: 'Sahifa is free: there is nothing to pay.' }).waitFor();
    expect(await page.getByRole('button', { name: 'Continue to payment' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Manage subscription' }).count()).toBe(0);
    expect(await page.getByRole('alert').count()).toBe(0);
  });
});
