import type { BillingStatus } from '@sahifa/contracts/billing';
import { describe, expect, it } from 'vitest';
import { needsNewCard, periodLine, showsStatus } from './plan-status.ts';

const free: BillingStatus = {
  billingEnabled: true,
  plan: 'free',
  status: 'none',
  priceId: null,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  dailyQuestions: 20,
  canManage: false,
};
const end = '2026-12-23T10:00:00.000Z';
const plus: BillingStatus = {
  ...free,
  plan: 'plus',
  status: 'active',
  priceId: 'plus-monthly',
  currentPeriodEnd: end,
  dailyQuestions: 500,
  canManage: true,
};

describe('periodLine', () => {
  it('says when Plus renews', () => {
    expect(periodLine(plus)).toEqual({ key: 'renewsOn', date: end });
  });

  it('says when Plus ends once it was cancelled for the end of the period', () => {
    expect(periodLine({ ...plus, cancelAtPeriodEnd: true })).toEqual({ key: 'endsOn', date: end });
  });

  it('says when a subscription that is over ended', () => {
    expect(periodLine({ ...plus, plan: 'free', status: 'canceled' })).toEqual({ key: 'endedOn', date: end });
  });

  it('says nothing without a date, or for a free plan that never had one', () => {
    expect(periodLine(free)).toBeNull();
    expect(periodLine({ ...plus, currentPeriodEnd: null })).toBeNull();
    expect(periodLine({ ...plus, plan: 'free', status: 'incomplete_expired' })).toBeNull();
  });
});

describe('notes', () => {
  it('shows a status only once there was a subscription', () => {
    expect(showsStatus(free)).toBe(false);
    expect(showsStatus(plus)).toBe(true);
  });

  it('asks for a new card while Stripe retries a failed payment', () => {
    expect(needsNewCard({ ...plus, status: 'past_due' })).toBe(true);
    expect(needsNewCard({ ...plus, plan: 'free', status: 'unpaid' })).toBe(true);
    expect(needsNewCard(plus)).toBe(false);
  });
});
