import type Stripe from 'stripe';
import { StripeApiError, invalidParam, parameterMissing, resourceMissing } from './api-error.ts';
import { newId } from './stripe-objects.ts';
import { type MetadataInput, mergeMetadata } from './stripe-store.ts';

// Wire shapes: the SDK's own types narrowed to what the stand-in answers (see stripe-objects.ts).
export type WireCoupon = Pick<
  Stripe.Coupon,
  | 'id'
  | 'object'
  | 'amount_off'
  | 'created'
  | 'currency'
  | 'duration_in_months'
  | 'livemode'
  | 'max_redemptions'
  | 'name'
  | 'percent_off'
  | 'redeem_by'
  | 'times_redeemed'
  | 'valid'
> & { duration: 'once' | 'repeating' | 'forever'; metadata: Record<string, string> };

export type WirePromotionCode = Pick<
  Stripe.PromotionCode,
  'id' | 'object' | 'active' | 'code' | 'created' | 'expires_at' | 'livemode' | 'max_redemptions' | 'times_redeemed'
> & {
  customer: null;
  customer_account: null;
  metadata: Record<string, string>;
  promotion: { type: 'coupon'; coupon: string };
  restrictions: {
    first_time_transaction: false;
    minimum_amount: null;
    minimum_amount_currency: null;
  };
};

export type CouponInput = {
  name?: string;
  percentOff?: number;
  amountOff?: number;
  currency?: string;
  duration?: string;
  durationInMonths?: number;
  maxRedemptions?: number;
  redeemBy?: number;
  metadata?: MetadataInput;
};

export type PromotionCodeInput = {
  coupon?: string;
  code?: string;
  active?: boolean;
  maxRedemptions?: number;
  expiresAt?: number;
  metadata?: MetadataInput;
};

const DURATIONS = ['once', 'repeating', 'forever'] as const;
const CODE_PATTERN = /^[A-Za-z0-9_-]{1,500}$/;

/** The stand-in's coupons and promotion codes, with Stripe's rules on creating, changing and redeeming them. */
export class CouponStore {
  readonly coupons = new Map<string, WireCoupon>();
  readonly promotionCodes = new Map<string, WirePromotionCode>();
  private readonly now: () => number;

  constructor(now: () => number) {
    this.now = now;
  }

  getCoupon(id: string, param = 'id'): WireCoupon {
    const found = this.coupons.get(id);
    if (!found) throw resourceMissing('coupon', id, param);
    return found;
  }

  getPromotionCode(id: string): WirePromotionCode {
    const found = this.promotionCodes.get(id);
    if (!found) throw resourceMissing('promotion code', id);
    return found;
  }

  createCoupon(input: CouponInput): WireCoupon {
    const duration = DURATIONS.find((d) => d === (input.duration ?? 'once'));
    if (!duration) throw invalidParam('duration', `Invalid duration: ${input.duration}.`);
    const hasPercent = input.percentOff !== undefined;
    const hasAmount = input.amountOff !== undefined;
    if (hasPercent === hasAmount) {
      throw invalidParam('percent_off', 'You must pass exactly one of percent_off or amount_off.');
    }
    if (hasPercent && ((input.percentOff ?? 0) <= 0 || (input.percentOff ?? 0) > 100)) {
      throw invalidParam('percent_off', 'percent_off must be greater than 0 and at most 100.');
    }
    if (hasAmount && !input.currency) throw parameterMissing('currency');
    if (hasAmount && (input.amountOff ?? 0) < 1) throw invalidParam('amount_off', 'amount_off must be positive.');
    if (duration === 'repeating' && !input.durationInMonths) throw parameterMissing('duration_in_months');
    if (duration !== 'repeating' && input.durationInMonths !== undefined) {
      throw invalidParam('duration_in_months', 'duration_in_months is only valid with a repeating duration.');
    }
    if (input.redeemBy !== undefined && input.redeemBy <= this.now()) {
      throw invalidParam('redeem_by', 'redeem_by must be in the future.');
    }
    const coupon: WireCoupon = {
      id: newId('co').slice(0, 11),
      object: 'coupon',
      amount_off: input.amountOff ?? null,
      created: this.now(),
      currency: hasAmount ? (input.currency ?? '').toLowerCase() : null,
      duration,
      duration_in_months: input.durationInMonths ?? null,
      livemode: false,
      max_redemptions: input.maxRedemptions ?? null,
      metadata: mergeMetadata({}, input.metadata),
      name: input.name ?? null,
      percent_off: input.percentOff ?? null,
      redeem_by: input.redeemBy ?? null,
      times_redeemed: 0,
      valid: true,
    };
    this.coupons.set(coupon.id, coupon);
    return coupon;
  }

  /** Stripe changes only a coupon's name and metadata. */
  updateCoupon(id: string, input: CouponInput): WireCoupon {
    const coupon = this.getCoupon(id);
    const fixed = Object.entries(input).find(([key, v]) => v !== undefined && key !== 'name' && key !== 'metadata');
    if (fixed) throw new StripeApiError(400, `Received unknown parameter: ${fixed[0]}`, 'invalid_request_error');
    if (input.name !== undefined) coupon.name = input.name;
    coupon.metadata = mergeMetadata(coupon.metadata, input.metadata);
    return coupon;
  }

  /** Deletes the coupon; its promotion codes can no longer be redeemed. */
  deleteCoupon(id: string): { id: string; object: 'coupon'; deleted: true } {
    this.getCoupon(id);
    this.coupons.delete(id);
    for (const code of this.promotionCodes.values()) {
      if (code.promotion.coupon === id) code.active = false;
    }
    return { id, object: 'coupon', deleted: true };
  }

  createPromotionCode(input: PromotionCodeInput): WirePromotionCode {
    if (!input.coupon) throw parameterMissing('promotion[coupon]');
    const coupon = this.getCoupon(input.coupon, 'promotion[coupon]');
    const code = input.code ?? newId('PROMO').slice(6, 14).toUpperCase();
    if (!CODE_PATTERN.test(code)) throw invalidParam('code', 'The code may contain only letters, digits, - and _.');
    const active = input.active ?? true;
    if (active && this.findActive(code)) {
      throw invalidParam('code', `An active promotion code with \`code: ${code}\` already exists.`);
    }
    if (input.expiresAt !== undefined && input.expiresAt <= this.now()) {
      throw invalidParam('expires_at', 'expires_at must be in the future.');
    }
    const promotionCode: WirePromotionCode = {
      id: newId('promo'),
      object: 'promotion_code',
      active,
      code,
      created: this.now(),
      customer: null,
      customer_account: null,
      expires_at: input.expiresAt ?? null,
      livemode: false,
      max_redemptions: input.maxRedemptions ?? null,
      metadata: mergeMetadata({}, input.metadata),
      promotion: { type: 'coupon', coupon: coupon.id },
      restrictions: { first_time_transaction: false, minimum_amount: null, minimum_amount_currency: null },
      times_redeemed: 0,
    };
    this.promotionCodes.set(promotionCode.id, promotionCode);
    return promotionCode;
  }

  /** Stripe changes only `active` and metadata; a code turned on must not clash with another active one. */
  updatePromotionCode(id: string, input: PromotionCodeInput): WirePromotionCode {
    const found = this.getPromotionCode(id);
    if (input.active === true && !found.active && this.findActive(found.code)) {
      throw invalidParam('active', `An active promotion code with \`code: ${found.code}\` already exists.`);
    }
    if (input.active !== undefined) found.active = input.active;
    found.metadata = mergeMetadata(found.metadata, input.metadata);
    return found;
  }

  /** promotionCodes.list: newest first, filtered, a page after `starting_after`. */
  listPromotionCodes(filter: {
    active?: boolean;
    code?: string;
    coupon?: string;
    limit?: number;
    startingAfter?: string;
  }) {
    let all = [...this.promotionCodes.values()].reverse();
    if (filter.active !== undefined) all = all.filter((c) => c.active === filter.active);
    if (filter.code) all = all.filter((c) => c.code.toLowerCase() === filter.code?.toLowerCase());
    if (filter.coupon) all = all.filter((c) => c.promotion.coupon === filter.coupon);
    const from = filter.startingAfter ? all.findIndex((c) => c.id === filter.startingAfter) + 1 : 0;
    const limit = Math.min(Math.max(filter.limit ?? 10, 1), 100);
    const data = all.slice(from, from + limit);
    return { object: 'list', data, has_more: from + limit < all.length, url: '/v1/promotion_codes' };
  }

  /**
   * The coupon a customer's code gives at Checkout, as Stripe checks it: active, not expired, under
   * its limits, its coupon still valid. Throws the message Stripe's page shows.
   */
  redeemable(code: string): { promotionCode: WirePromotionCode; coupon: WireCoupon } {
    const found = this.findActive(code);
    const coupon = found && this.coupons.get(found.promotion.coupon);
    const now = this.now();
    const isUsable =
      found &&
      coupon &&
      (found.expires_at === null || found.expires_at > now) &&
      (coupon.redeem_by === null || coupon.redeem_by > now) &&
      (found.max_redemptions === null || found.times_redeemed < found.max_redemptions) &&
      (coupon.max_redemptions === null || coupon.times_redeemed < coupon.max_redemptions);
    if (!found || !coupon || !isUsable) throw invalidParam('promotion_code', 'This code is invalid.');
    return { promotionCode: found, coupon };
  }

  /** Counts a redemption on the code and its coupon. */
  redeem(promotionCode: WirePromotionCode): void {
    promotionCode.times_redeemed++;
    const coupon = this.coupons.get(promotionCode.promotion.coupon);
    if (coupon) coupon.times_redeemed++;
  }

  /** The discount a coupon takes off `amount` (minor units). */
  static discountOf(coupon: WireCoupon, amount: number): number {
    if (coupon.percent_off !== null) return Math.round((amount * coupon.percent_off) / 100);
    return Math.min(amount, coupon.amount_off ?? 0);
  }

  private findActive(code: string): WirePromotionCode | undefined {
    const wanted = code.toLowerCase();
    return [...this.promotionCodes.values()].find((c) => c.active && c.code.toLowerCase() === wanted);
  }
}
