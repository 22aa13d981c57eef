import { invalidParam } from './api-error.ts';
import { boolean, child, integer, metadata, type Params, type Route, text } from './api-routes.ts';
import type { CouponStore } from './coupon-store.ts';

/** A decimal parameter (percent_off travels as "12.5"). */
function decimal(value: Params[string], param: string): number | undefined {
  const raw = text(value);
  if (raw === undefined) return undefined;
  if (!/^\d+(\.\d+)?$/.test(raw)) throw invalidParam(param, `Invalid decimal: ${raw}`);
  return Number(raw);
}

const route = (method: string, path: string, handler: Route['handler']): Route => ({
  method,
  pattern: new RegExp(`^${path.replace(':id', '([^/]+)')}$`),
  handler,
});

/** The /v1 coupon and promotion code routes Kosh calls. */
export function buildCouponRoutes(store: CouponStore): Route[] {
  const couponInput = (p: Params) => ({
    name: text(p.name),
    percentOff: decimal(p.percent_off, 'percent_off'),
    amountOff: integer(p.amount_off, 'amount_off'),
    currency: text(p.currency),
    duration: text(p.duration),
    durationInMonths: integer(p.duration_in_months, 'duration_in_months'),
    maxRedemptions: integer(p.max_redemptions, 'max_redemptions'),
    redeemBy: integer(p.redeem_by, 'redeem_by'),
    metadata: metadata(p.metadata),
  });
  const codeInput = (p: Params) => ({
    coupon: text(child(p.promotion).coupon),
    code: text(p.code),
    active: boolean(p.active),
    maxRedemptions: integer(p.max_redemptions, 'max_redemptions'),
    expiresAt: integer(p.expires_at, 'expires_at'),
    metadata: metadata(p.metadata),
  });
  const copy = <T>(object: T): T => structuredClone(object);
  return [
    route('POST', '/v1/coupons', (_, p) => copy(store.createCoupon(couponInput(p)))),
    route('GET', '/v1/coupons/:id', (id) => copy(store.getCoupon(id))),
    route('POST', '/v1/coupons/:id', (id, p) => copy(store.updateCoupon(id, couponInput(p)))),
    route('DELETE', '/v1/coupons/:id', (id) => store.deleteCoupon(id)),
    route('POST', '/v1/promotion_codes', (_, p) => {
      if (text(child(p.promotion).type) !== 'coupon') throw invalidParam('promotion[type]', 'Must be coupon.');
      return copy(store.createPromotionCode(codeInput(p)));
    }),
    route('GET', '/v1/promotion_codes', (_, p) =>
      copy(
        store.listPromotionCodes({
          active: boolean(p.active),
          code: text(p.code),
          coupon: text(p.coupon),
          limit: integer(p.limit, 'limit'),
          startingAfter: text(p.starting_after),
        }),
      ),
    ),
    route('GET', '/v1/promotion_codes/:id', (id) => copy(store.getPromotionCode(id))),
    route('POST', '/v1/promotion_codes/:id', (id, p) => copy(store.updatePromotionCode(id, codeInput(p)))),
  ];
}
