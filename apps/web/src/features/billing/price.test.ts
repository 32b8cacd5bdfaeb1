import type { Price } from '@sahifa/contracts/billing';
import { describe, expect, it } from 'vitest';
import { formatMoney, formatPrice, monthlyShare, priceFor, yearlySaving } from './price.ts';

const monthly: Price = { id: 'plus-monthly', interval: 'month', amount: 499, currency: 'usd' };
const yearly: Price = { id: 'plus-yearly', interval: 'year', amount: 4800, currency: 'usd' };

// Intl separates some currency signs with a no-break space; compare on plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatMoney', () => {
  it('turns minor units into the currency, in English', () => {
    expect(formatMoney(499, 'USD', 'en')).toBe('$4.99');
    expect(plain(formatMoney(1250, 'EUR', 'en'))).toBe('€12.50');
  });

  it('leaves ".00" off a whole amount', () => {
    expect(formatMoney(4800, 'usd', 'en')).toBe('$48');
  });

  it('knows currencies without, or with three, minor digits', () => {
    expect(plain(formatMoney(600, 'JPY', 'en'))).toBe('¥600');
    expect(plain(formatMoney(1500, 'KWD', 'en'))).toBe('KWD 1.500');
  });

  it('writes Arabic with Western digits', () => {
    const text = formatMoney(499, 'USD', 'ar');
    expect(text).toContain('4.99');
    expect(text).not.toMatch(/[٠-٩]/);
    expect(text).not.toBe(formatMoney(499, 'USD', 'en'));
  });

  it('formats a configured price', () => {
    expect(formatPrice(monthly, 'en')).toBe('$4.99');
  });
});

describe('yearly prices', () => {
  it('spreads a yearly price over twelve months', () => {
    expect(monthlyShare(yearly)).toBe(400);
    expect(monthlyShare({ ...yearly, amount: 4999 })).toBe(417);
  });

  it('says how much paying yearly saves', () => {
    expect(yearlySaving(monthly, yearly)).toBe(20);
    expect(yearlySaving(monthly, { ...yearly, amount: 5988 })).toBe(0);
    expect(yearlySaving(monthly, { ...yearly, amount: 9000 })).toBe(0);
    expect(yearlySaving(monthly, { ...yearly, currency: 'eur' })).toBe(0);
  });

  it('finds the price of an interval', () => {
    expect(priceFor([monthly, yearly], 'year')).toBe(yearly);
    expect(priceFor([monthly], 'year')).toBeUndefined();
  });
});
