import type { AdminCoupon, CouponDuration } from '@kosh/contracts';
import type { CouponRow } from './coupons.repository.ts';

/** Amounts are stored in minor units (paise) and answered in the major unit (rupees). */
export const toMinorUnits = (amount: number): number => Math.round(amount * 100);
const toMajorUnits = (minor: number): number => Number(minor) / 100;

/** A coupon as staff see it. */
export function presentCoupon(row: CouponRow): AdminCoupon {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    percent_off: row.percent_off === null ? null : Number(row.percent_off),
    amount_off: row.amount_off === null ? null : toMajorUnits(row.amount_off),
    currency: row.currency,
    duration: row.duration as CouponDuration,
    duration_in_months: row.duration_in_months,
    max_redemptions: row.max_redemptions,
    expires_at: row.expires_at,
    active: Boolean(row.active),
    times_redeemed: Number(row.times_redeemed),
    stripe_coupon_id: row.stripe_coupon_id,
    stripe_promotion_code_id: row.stripe_promotion_code_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
