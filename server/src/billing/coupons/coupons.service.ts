import {
  type AdminCoupon,
  type AdminCouponsPage,
  type AdminCouponsQuery,
  type CreateCouponBody,
  Permission,
  type SyncCouponsResponse,
  type UpdateCouponBody,
} from '@kosh/contracts';
import type { AuditService, AuditSource } from '../../admin/audit/audit.service.ts';
import type { Actor } from '../../auth/actor.ts';
import { systemClock, type Clock } from '../../clock.ts';
import { AppError, conflict, notFound, validation } from '../../http/app-error.ts';
import { isUniqueViolation } from '../../http/driver-errors.ts';
import { gatewayError } from '../gateway-error.ts';
import { PromotionCodeTaken, type StripeCoupons } from '../stripe/stripe-coupons.ts';
import { presentCoupon, toMinorUnits } from './coupons.presenter.ts';
import type { CouponRow, CouponsRepository } from './coupons.repository.ts';

export const COUPONS_TEXT = {
  notFound: 'Coupon not found.',
  notConfigured: 'Stripe is not configured. Add its keys in Settings, Payments first: coupons live at Stripe.',
  codeTaken: 'A coupon with this code already exists.',
  codeTakenAtStripe: 'Stripe already has an active promotion code with this code.',
  expiryPast: 'The expiry must be in the future.',
  termsFixed: 'Stripe does not let a coupon’s terms change. Create a new coupon instead.',
} as const;

/** What the service needs of the repository and of Stripe; the unit tests' fakes implement the same. */
export type CouponsStore = Pick<
  CouponsRepository,
  'writeTransaction' | 'list' | 'getById' | 'codeTaken' | 'create' | 'update' | 'delete' | 'listSynced'
>;
export type CouponsGateway = Pick<
  StripeCoupons,
  'isConfigured' | 'create' | 'rename' | 'setActive' | 'remove' | 'redemptions'
>;
type Deps = {
  repo: CouponsStore;
  stripe: CouponsGateway;
  audit: Pick<AuditService, 'record'>;
  clock?: Clock;
};

/** The terms fixed at creation, in the row's units: what an update may not change. */
const TERM_FIELDS = [
  'code',
  'percent_off',
  'amount_off',
  'currency',
  'duration',
  'duration_in_months',
  'max_redemptions',
  'expires_at',
] as const;

function termChanged(field: (typeof TERM_FIELDS)[number], body: UpdateCouponBody, row: CouponRow): boolean {
  const sent = body[field];
  if (sent === undefined) return false;
  const stored = row[field];
  if (sent === null || stored === null) return sent !== stored;
  if (field === 'code') return String(sent).toUpperCase() !== stored;
  if (field === 'amount_off') return toMinorUnits(Number(sent)) !== Number(stored);
  if (field === 'percent_off') return Number(sent) !== Number(stored);
  if (field === 'expires_at') return Date.parse(String(sent)) !== Date.parse(String(stored));
  return sent !== stored;
}

/** A gateway failure as 502; Kosh's own errors and unknown errors pass through. */
function stripeFailure(error: unknown): unknown {
  const mapped = gatewayError(error);
  return mapped instanceof AppError ? mapped : error;
}

const auditFields = (row: CouponRow) => ({ ...presentCoupon(row), id: undefined, updated_at: undefined });

/**
 * The admin area's Discount section (permission discount.update): coupons, each a Stripe coupon
 * with one promotion code customers type at Checkout. Stripe calls run outside transactions; a
 * coupon Stripe refused is not kept.
 */
export class CouponsService {
  private readonly deps: Deps;
  private readonly clock: Clock;
  constructor(deps: Deps) {
    this.deps = deps;
    this.clock = deps.clock ?? systemClock;
  }

  async list(actor: Actor, query: AdminCouponsQuery): Promise<AdminCouponsPage> {
    actor.authorize(Permission.discountUpdate);
    const { rows, page } = await this.deps.repo.list(query);
    return { pagination: { ...page, data: rows.map(presentCoupon) } };
  }

  /**
   * Claims the code with the row first (the unique index settles two creates at once), then makes
   * the coupon and its code at Stripe; if Stripe refuses or cannot be reached the row goes again.
   */
  async create(source: AuditSource, body: CreateCouponBody): Promise<AdminCoupon> {
    source.actor.authorize(Permission.discountUpdate);
    const now = this.clock();
    if (body.expires_at && Date.parse(body.expires_at) <= now.getTime()) {
      throw validation({ expires_at: [COUPONS_TEXT.expiryPast] });
    }
    if (!(await this.deps.stripe.isConfigured())) throw validation({ stripe: [COUPONS_TEXT.notConfigured] });
    const { repo } = this.deps;
    if (await repo.codeTaken(body.code)) throw validation({ code: [COUPONS_TEXT.codeTaken] });
    const at = now.toISOString();
    const isAmount = body.amount_off != null;
    let row: CouponRow;
    try {
      row = await repo.create({
        code: body.code,
        name: body.name,
        percent_off: isAmount ? null : (body.percent_off ?? null),
        amount_off: isAmount ? toMinorUnits(body.amount_off ?? 0) : null,
        currency: isAmount ? (body.currency ?? null) : null,
        duration: body.duration,
        duration_in_months: body.duration === 'repeating' ? (body.duration_in_months ?? null) : null,
        max_redemptions: body.max_redemptions ?? null,
        expires_at: body.expires_at ? new Date(body.expires_at).toISOString() : null,
        active: body.active ? 1 : 0,
        times_redeemed: 0,
        stripe_coupon_id: null,
        stripe_promotion_code_id: null,
        created_at: at,
        updated_at: at,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw validation({ code: [COUPONS_TEXT.codeTaken] });
      throw error;
    }
    let ids: { couponId: string; promotionCodeId: string };
    try {
      ids = await this.deps.stripe.create({
        kosh_id: row.id,
        code: row.code,
        name: row.name,
        percent_off: row.percent_off,
        amount_off: row.amount_off,
        currency: row.currency,
        duration: row.duration,
        duration_in_months: row.duration_in_months,
        max_redemptions: row.max_redemptions,
        expires_at: row.expires_at ? Math.floor(Date.parse(row.expires_at) / 1000) : null,
        active: Boolean(row.active),
      });
    } catch (error) {
      await repo.delete(row.id);
      if (error instanceof PromotionCodeTaken) throw validation({ code: [COUPONS_TEXT.codeTakenAtStripe] });
      throw stripeFailure(error);
    }
    return repo.writeTransaction(async (trx) => {
      const saved = await repo.update(
        row.id,
        { stripe_coupon_id: ids.couponId, stripe_promotion_code_id: ids.promotionCodeId },
        trx,
      );
      if (!saved) throw notFound(COUPONS_TEXT.notFound);
      await this.audit(source, 'coupon.create', null, saved, trx);
      return presentCoupon(saved);
    });
  }

  /** Renames a coupon or turns its code on or off, at Stripe then here; a change of terms is refused (422). */
  async update(source: AuditSource, id: number, body: UpdateCouponBody): Promise<AdminCoupon> {
    source.actor.authorize(Permission.discountUpdate);
    const { repo, stripe } = this.deps;
    const row = await repo.getById(id);
    if (!row) throw notFound(COUPONS_TEXT.notFound);
    const changed = TERM_FIELDS.filter((field) => termChanged(field, body, row));
    if (changed.length) throw validation(Object.fromEntries(changed.map((f) => [f, [COUPONS_TEXT.termsFixed]])));
    const isRenamed = body.name !== row.name;
    const isToggled = body.active !== Boolean(row.active);
    const needsStripe = (isRenamed && row.stripe_coupon_id) || (isToggled && row.stripe_promotion_code_id);
    if (needsStripe && !(await stripe.isConfigured())) throw validation({ stripe: [COUPONS_TEXT.notConfigured] });
    try {
      if (isRenamed && row.stripe_coupon_id) await stripe.rename(row.stripe_coupon_id, body.name);
      if (isToggled && row.stripe_promotion_code_id) await stripe.setActive(row.stripe_promotion_code_id, body.active);
    } catch (error) {
      throw stripeFailure(error);
    }
    return repo.writeTransaction(async (trx) => {
      const patch = { name: body.name, active: body.active ? 1 : 0, updated_at: this.clock().toISOString() };
      const saved = await repo.update(id, patch, trx);
      if (!saved) throw notFound(COUPONS_TEXT.notFound);
      await this.audit(source, 'coupon.update', row, saved, trx);
      return presentCoupon(saved);
    });
  }

  /** Ends the code and deletes the coupon at Stripe, then here; if Stripe fails nothing is deleted (502). */
  async delete(source: AuditSource, id: number): Promise<void> {
    source.actor.authorize(Permission.discountUpdate);
    const { repo, stripe } = this.deps;
    const row = await repo.getById(id);
    if (!row) throw notFound(COUPONS_TEXT.notFound);
    if (row.stripe_coupon_id || row.stripe_promotion_code_id) {
      if (!(await stripe.isConfigured())) throw validation({ stripe: [COUPONS_TEXT.notConfigured] });
      try {
        await stripe.remove({ couponId: row.stripe_coupon_id, promotionCodeId: row.stripe_promotion_code_id });
      } catch (error) {
        throw stripeFailure(error);
      }
    }
    await repo.writeTransaction(async (trx) => {
      await repo.delete(id, trx);
      await this.audit(source, 'coupon.delete', row, null, trx);
    });
  }

  /** Reads back from Stripe how often each code was redeemed and whether it is active; 409 without Stripe. */
  async sync(source: AuditSource): Promise<SyncCouponsResponse> {
    source.actor.authorize(Permission.discountUpdate);
    const { repo, stripe } = this.deps;
    if (!(await stripe.isConfigured())) throw conflict(COUPONS_TEXT.notConfigured);
    let found: Awaited<ReturnType<CouponsGateway['redemptions']>>;
    try {
      found = await stripe.redemptions();
    } catch (error) {
      throw stripeFailure(error);
    }
    const at = this.clock().toISOString();
    let updated = 0;
    for (const row of await repo.listSynced()) {
      const state = found.get(row.stripe_promotion_code_id ?? '');
      if (!state) continue;
      const active = state.active ? 1 : 0;
      if (state.times_redeemed === Number(row.times_redeemed) && active === Number(row.active)) continue;
      await repo.update(row.id, { times_redeemed: state.times_redeemed, active, updated_at: at });
      updated++;
    }
    await this.deps.audit.record(source, { action: 'coupon.sync', targetType: 'coupon', after: { updated } });
    return { updated };
  }

  private audit(
    source: AuditSource,
    action: string,
    before: CouponRow | null,
    after: CouponRow | null,
    trx: Parameters<AuditService['record']>[2],
  ) {
    const target = after ?? before;
    return this.deps.audit.record(
      source,
      {
        action,
        targetType: 'coupon',
        targetId: target?.id ?? null,
        targetLabel: target?.code ?? null,
        before: before && auditFields(before),
        after: after && auditFields(after),
      },
      trx,
    );
  }
}
