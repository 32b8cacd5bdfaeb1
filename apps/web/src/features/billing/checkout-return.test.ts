import { describe, expect, it } from 'vitest';
import { activationStage, checkoutReturnOf } from './checkout-return.ts';

describe('checkoutReturnOf', () => {
  it('reads where Stripe sent the member back from', () => {
    expect(checkoutReturnOf(new URLSearchParams('checkout=success'))).toBe('success');
    expect(checkoutReturnOf(new URLSearchParams('checkout=cancelled'))).toBe('cancelled');
  });

  it('ignores anything else', () => {
    expect(checkoutReturnOf(new URLSearchParams(''))).toBeNull();
    expect(checkoutReturnOf(new URLSearchParams('checkout=paid'))).toBeNull();
  });
});

describe('activationStage', () => {
  it('waits for Plus, then says it is active', () => {
    expect(activationStage(undefined, false)).toBe('waiting');
    expect(activationStage('free', false)).toBe('waiting');
    expect(activationStage('plus', false)).toBe('active');
  });

  it('gives a gentle note once it has waited long enough, unless Plus arrived', () => {
    expect(activationStage('free', true)).toBe('slow');
    expect(activationStage('plus', true)).toBe('active');
  });
});
