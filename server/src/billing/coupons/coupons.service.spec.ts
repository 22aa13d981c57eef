import Stripe from 'stripe';
import { type CreateCouponBody, Permission } from '@kosh/contracts';
import { describe, expect, it, vi } from 'vitest';
import { Actor } from '../../auth/actor.ts';
import type { Database } from '../../db/database.ts';
import type { AppError } from '../../http/app-error.ts';
import { nullDatabase } from '../../testing/null-database.ts';
import { TestClock } from '../../testing/test-clock.ts';
import { PromotionCodeTaken } from '../stripe/stripe-coupons.ts';
import type { CouponRow, NewCouponRow } from './coupons.repository.ts';
import { COUPONS_TEXT, type CouponsGateway, CouponsService, type CouponsStore } from './coupons.service.ts';

/** The coupons table in memory; the unique code is checked as the index would. */
class FakeCoupons implements CouponsStore {
  rows: CouponRow[] = [];
  private nextId = 1;
  private readonly db = nullDatabase();
  writeTransaction<T>(work: (trx: Database) => Promise<T>) {
    return work(this.db);
  }
  async list() {
    return { rows: this.rows, page: { current_page: 1, last_page: 1, per_page: 15, total: this.rows.length } };
  }
  async getById(id: number) {
    return this.rows.find((r) => r.id === id);
  }
  async codeTaken(code: string) {
    return this.rows.some((r) => r.code === code);
  }
  async create(row: NewCouponRow) {
    if (this.rows.some((r) => r.code === row.code)) throw Object.assign(new Error('unique'), { code: '23505' });
    const saved = { ...row, id: this.nextId++ } as CouponRow;
    this.rows.push(saved);
    return saved;
  }
  async update(id: number, patch: Partial<CouponRow>) {
    const row = this.rows.find((r) => r.id === id);
    if (row) Object.assign(row, patch);
    return row;
  }
  async delete(id: number) {
    this.rows = this.rows.filter((r) => r.id !== id);
  }
  async listSynced() {
    return this.rows.filter((r) => r.stripe_promotion_code_id !== null);
  }
}

function fakeStripe(over: Partial<CouponsGateway> = {}): CouponsGateway {
  return {
    isConfigured: vi.fn(async () => true),
    create: vi.fn(async () => ({ couponId: 'co_1', promotionCodeId: 'promo_1' })),
    rename: vi.fn(async () => undefined),
    setActive: vi.fn(async () => undefined),
    remove: vi.fn(async () => undefined),
    redemptions: vi.fn(async () => new Map()),
    ...over,
  };
}

const staff = new Actor(
  { id: 8, email: 's@example.test' },
  [],
  [{ id: 1, name: Permission.discountUpdate, restrictions: [] }],
);
const user = new Actor({ id: 7, email: 'u@example.test' }, [], []);
const unreachable = () => new Stripe.errors.StripeConnectionError({ message: 'down' });

function setup(stripe = fakeStripe()) {
  const repo = new FakeCoupons();
  const clock = new TestClock();
  const audit = { record: vi.fn(async () => undefined) };
  const sut = new CouponsService({ repo, stripe, audit, clock: clock.now });
  return { repo, stripe, audit, clock, sut };
}

const body = (over: Partial<CreateCouponBody> = {}): CreateCouponBody => ({
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
  ...over,
});

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as AppError,
  );

describe('CouponsService', () => {
  describe('create', () => {
    it('refuses a user without discount.update before anything else', async () => {
      const { sut, stripe } = setup();
      expect((await refusal(sut.create({ actor: user }, body())))?.status).toBe(403);
      expect(stripe.isConfigured).not.toHaveBeenCalled();
    });

    it('saves the coupon with Stripe’s ids, amounts in minor units, and audits it', async () => {
      const { sut, repo, stripe, audit } = setup();
      const coupon = await sut.create(
        { actor: staff },
        body({ percent_off: null, amount_off: 49.5, currency: 'INR', duration: 'once', duration_in_months: null }),
      );
      expect(coupon).toMatchObject({ amount_off: 49.5, stripe_coupon_id: 'co_1', stripe_promotion_code_id: 'promo_1' });
      expect(repo.rows[0]?.amount_off).toBe(4950);
      expect(stripe.create).toHaveBeenCalledWith(expect.objectContaining({ amount_off: 4950, code: 'SPRING' }));
      expect(audit.record).toHaveBeenCalledWith(
        { actor: staff },
        expect.objectContaining({ action: 'coupon.create', targetLabel: 'SPRING' }),
        expect.anything(),
      );
    });

    it('refuses an expiry that is not in the future, by the injected clock', async () => {
      const { sut, clock } = setup();
      const error = await refusal(sut.create({ actor: staff }, body({ expires_at: clock.iso(-1000) })));
      expect(error?.errors).toEqual({ expires_at: [COUPONS_TEXT.expiryPast] });
    });

    it('keeps nothing when Stripe cannot be reached (502)', async () => {
      const { sut, repo, audit } = setup(fakeStripe({ create: vi.fn(async () => Promise.reject(unreachable())) }));
      expect((await refusal(sut.create({ actor: staff }, body())))?.status).toBe(502);
      expect(repo.rows).toEqual([]);
      expect(audit.record).not.toHaveBeenCalled();
    });

    it('answers 422 on the code when Stripe already has it, keeping nothing', async () => {
      const { sut, repo } = setup(fakeStripe({ create: vi.fn(async () => Promise.reject(new PromotionCodeTaken())) }));
      const error = await refusal(sut.create({ actor: staff }, body()));
      expect(error?.errors).toEqual({ code: [COUPONS_TEXT.codeTakenAtStripe] });
      expect(repo.rows).toEqual([]);
    });

    it('answers 422 without Stripe’s keys', async () => {
      const { sut } = setup(fakeStripe({ isConfigured: vi.fn(async () => false) }));
      expect((await refusal(sut.create({ actor: staff }, body())))?.errors).toEqual({
        stripe: [COUPONS_TEXT.notConfigured],
      });
    });
  });

  describe('update', () => {
    it('refuses a change of terms without calling Stripe', async () => {
      const { sut, stripe } = setup();
      const coupon = await sut.create({ actor: staff }, body());
      const error = await refusal(
        sut.update({ actor: staff }, coupon.id, { name: 'New', active: true, percent_off: 30, max_redemptions: 5 }),
      );
      expect(error?.errors).toEqual({
        percent_off: [COUPONS_TEXT.termsFixed],
        max_redemptions: [COUPONS_TEXT.termsFixed],
      });
      expect(stripe.rename).not.toHaveBeenCalled();
    });

    it('renames at Stripe and turns the code off there, only for what changed', async () => {
      const { sut, stripe } = setup();
      const coupon = await sut.create({ actor: staff }, body());
      const saved = await sut.update({ actor: staff }, coupon.id, { name: 'Spring', active: false });
      expect(saved.active).toBe(false);
      expect(stripe.rename).not.toHaveBeenCalled();
      expect(stripe.setActive).toHaveBeenCalledWith('promo_1', false);
    });

    it('answers 404 for an unknown coupon', async () => {
      const { sut } = setup();
      expect((await refusal(sut.update({ actor: staff }, 99, { name: 'x', active: true })))?.status).toBe(404);
    });
  });

  describe('delete', () => {
    it('keeps the coupon when Stripe fails (502)', async () => {
      const { sut, repo, stripe } = setup();
      const coupon = await sut.create({ actor: staff }, body());
      vi.mocked(stripe.remove).mockRejectedValueOnce(unreachable());
      expect((await refusal(sut.delete({ actor: staff }, coupon.id)))?.status).toBe(502);
      expect(repo.rows.length).toBe(1);
      await sut.delete({ actor: staff }, coupon.id);
      expect(stripe.remove).toHaveBeenLastCalledWith({ couponId: 'co_1', promotionCodeId: 'promo_1' });
      expect(repo.rows).toEqual([]);
    });
  });

  describe('sync', () => {
    it('writes back the redemptions and state Stripe reports, and counts the coupons changed', async () => {
      const redemptions = new Map([['promo_1', { times_redeemed: 4, active: true }]]);
      const { sut, repo } = setup(fakeStripe({ redemptions: vi.fn(async () => redemptions) }));
      await sut.create({ actor: staff }, body());
      expect(await sut.sync({ actor: staff })).toEqual({ updated: 1 });
      expect(repo.rows[0]?.times_redeemed).toBe(4);
      expect(await sut.sync({ actor: staff })).toEqual({ updated: 0 });
    });
  });
});
