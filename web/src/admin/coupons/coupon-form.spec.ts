import { describe, expect, it } from 'vitest';
import type { AdminCoupon } from '@kosh/contracts';
import {
  blankCoupon,
  checkCoupon,
  type CouponFormValues,
  couponStatus,
  endOfDay,
  redemptionsText,
  termsText,
} from './coupon-form.ts';

const NOW = new Date('2026-06-01T12:00:00Z');
const values = (over: Partial<CouponFormValues> = {}): CouponFormValues => ({
  ...blankCoupon(),
  code: 'spring-20',
  name: 'Spring sale',
  percent_off: '20',
  ...over,
});
const coupon = (over: Partial<AdminCoupon> = {}): AdminCoupon => ({
  id: 1,
  code: 'SPRING',
  name: 'Spring',
  percent_off: 20,
  amount_off: null,
  currency: null,
  duration: 'repeating',
  duration_in_months: 3,
  max_redemptions: 100,
  expires_at: null,
  active: true,
  times_redeemed: 4,
  stripe_coupon_id: 'co_1',
  stripe_promotion_code_id: 'promo_1',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...over,
});

describe('checkCoupon', () => {
  it('answers the body of a percent-off coupon, the code upper-cased', () => {
    const { body } = checkCoupon(values({ duration: 'repeating', duration_in_months: '3' }), NOW);
    expect(body).toMatchObject({
      code: 'SPRING-20',
      percent_off: 20,
      amount_off: null,
      currency: null,
      duration: 'repeating',
      duration_in_months: 3,
      max_redemptions: null,
      expires_at: null,
      active: true,
    });
  });

  it('sends only the amount and currency of an amount-off coupon, and no months unless repeating', () => {
    const { body } = checkCoupon(
      values({ kind: 'amount', amount_off: '49,5', currency: 'inr', duration_in_months: '3' }),
      NOW,
    );
    expect(body).toMatchObject({ percent_off: null, amount_off: 49.5, currency: 'INR', duration_in_months: null });
  });

  it('puts each problem on the field that shows it', () => {
    expect(checkCoupon(values({ percent_off: '' }), NOW).errors).toEqual({
      percent_off: 'Enter either a percentage or an amount off.',
    });
    expect(checkCoupon(values({ kind: 'amount', amount_off: '' }), NOW).errors?.amount_off).toBe(
      'The amount must be a number.',
    );
    expect(checkCoupon(values({ percent_off: '120' }), NOW).errors?.percent_off).toBe(
      'The percentage may not be greater than 100.',
    );
    expect(checkCoupon(values({ duration: 'repeating' }), NOW).errors?.duration_in_months).toBe(
      'A repeating discount needs a number of months.',
    );
    expect(checkCoupon(values({ max_redemptions: '0' }), NOW).errors?.max_redemptions).toBe(
      'The limit must be at least 1.',
    );
    expect(checkCoupon(values({ code: 'two words' }), NOW).errors?.code).toMatch(/only letters, digits/);
    expect(checkCoupon(values({ expires_on: '2026-05-01' }), NOW).errors).toEqual({
      expires_on: 'The expiry must be in the future.',
    });
    expect(checkCoupon(values({ expires_on: 'soon' }), NOW).errors?.expires_on).toBe(
      'The expiry must be a date and time.',
    );
  });
});

describe('endOfDay', () => {
  it('answers the last second of the day in local time, null for none', () => {
    const end = new Date(endOfDay('2026-07-04') ?? '');
    expect([end.getFullYear(), end.getMonth(), end.getDate(), end.getHours(), end.getMinutes()]).toEqual([
      2026, 6, 4, 23, 59,
    ]);
    expect(endOfDay('')).toBeNull();
    expect(endOfDay('4 July')).toBeUndefined();
  });
});

describe('coupon texts', () => {
  it('describes the terms and the redemptions', () => {
    expect(termsText(coupon())).toBe('20% off, 3 months');
    expect(termsText(coupon({ duration: 'repeating', duration_in_months: 1 }))).toBe('20% off, 1 month');
    expect(termsText(coupon({ percent_off: null, amount_off: 50, currency: 'USD', duration: 'once' }))).toBe(
      '$50.00 off, once',
    );
    expect(termsText(coupon({ duration: 'forever' }))).toBe('20% off, forever');
    expect(redemptionsText(coupon())).toBe('4 of 100');
    expect(redemptionsText(coupon({ max_redemptions: null }))).toBe('4');
  });

  it('tells whether the code can be redeemed now', () => {
    expect(couponStatus(coupon(), NOW)).toBe('active');
    expect(couponStatus(coupon({ active: false }), NOW)).toBe('inactive');
    expect(couponStatus(coupon({ expires_at: '2026-05-01T00:00:00Z' }), NOW)).toBe('expired');
    expect(couponStatus(coupon({ times_redeemed: 100 }), NOW)).toBe('used_up');
  });
});
