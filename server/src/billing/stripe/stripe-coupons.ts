import Stripe from 'stripe';
import type { StripeGateway } from './stripe-gateway.ts';

/** A coupon's terms as Stripe takes them: amounts in minor units, instants in seconds. */
export type StripeCouponTerms = {
  kosh_id: number;
  code: string;
  name: string;
  percent_off: number | null;
  amount_off: number | null;
  currency: string | null;
  duration: 'once' | 'repeating' | 'forever';
  duration_in_months: number | null;
  max_redemptions: number | null;
  /** Unix seconds. */
  expires_at: number | null;
  active: boolean;
};

/** Stripe refused the code: an active promotion code with it already exists there. */
export class PromotionCodeTaken extends Error {
  constructor() {
    super('An active promotion code with this code already exists at Stripe.');
    this.name = 'PromotionCodeTaken';
  }
}

const isMissing = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';

/**
 * Discount coupons at Stripe: each Kosh coupon is a Stripe coupon holding the terms and one
 * promotion code, the text customers type at Checkout (`allow_promotion_codes`). Throws the SDK's
 * errors, except a code Stripe already has (PromotionCodeTaken).
 */
export class StripeCoupons {
  private readonly gateway: StripeGateway;
  constructor(deps: { gateway: StripeGateway }) {
    this.gateway = deps.gateway;
  }

  isConfigured(): Promise<boolean> {
    return this.gateway.isConfigured();
  }

  /** Creates the coupon, then its promotion code; a refused code removes the coupon again. */
  async create(terms: StripeCouponTerms): Promise<{ couponId: string; promotionCodeId: string }> {
    const stripe = await this.gateway.client();
    const metadata = { kosh_coupon_id: String(terms.kosh_id) };
    const limits = {
      ...(terms.max_redemptions !== null ? { max_redemptions: terms.max_redemptions } : {}),
    };
    const coupon = await stripe.coupons.create({
      ...(terms.percent_off !== null
        ? { percent_off: terms.percent_off }
        : { amount_off: terms.amount_off ?? 0, currency: (terms.currency ?? '').toLowerCase() }),
      duration: terms.duration,
      ...(terms.duration === 'repeating' ? { duration_in_months: terms.duration_in_months ?? 1 } : {}),
      ...limits,
      ...(terms.expires_at !== null ? { redeem_by: terms.expires_at } : {}),
      name: terms.name,
      metadata,
    });
    try {
      const code = await stripe.promotionCodes.create({
        promotion: { type: 'coupon', coupon: coupon.id },
        code: terms.code,
        ...limits,
        ...(terms.expires_at !== null ? { expires_at: terms.expires_at } : {}),
        active: terms.active,
        metadata,
      });
      return { couponId: coupon.id, promotionCodeId: code.id };
    } catch (error) {
      await stripe.coupons.del(coupon.id).catch(() => undefined);
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.param === 'code') {
        throw new PromotionCodeTaken();
      }
      throw error;
    }
  }

  async rename(couponId: string, name: string): Promise<void> {
    await (await this.gateway.client()).coupons.update(couponId, { name });
  }

  async setActive(promotionCodeId: string, active: boolean): Promise<void> {
    await (await this.gateway.client()).promotionCodes.update(promotionCodeId, { active });
  }

  /** Ends the code and deletes the coupon (customers who have it keep their discount); gone ones are skipped. */
  async remove(ids: { couponId: string | null; promotionCodeId: string | null }): Promise<void> {
    const stripe = await this.gateway.client();
    try {
      if (ids.promotionCodeId) await stripe.promotionCodes.update(ids.promotionCodeId, { active: false });
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
    try {
      if (ids.couponId) await stripe.coupons.del(ids.couponId);
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  /** Every promotion code of the account: how often each was redeemed and whether it is active. */
  async redemptions(): Promise<Map<string, { times_redeemed: number; active: boolean }>> {
    const stripe = await this.gateway.client();
    const found = new Map<string, { times_redeemed: number; active: boolean }>();
    for await (const code of stripe.promotionCodes.list({ limit: 100 })) {
      found.set(code.id, { times_redeemed: code.times_redeemed, active: code.active });
    }
    return found;
  }
}
