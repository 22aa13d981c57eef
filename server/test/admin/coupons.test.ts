import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminCoupon, type AuditEntry, Permission } from '@kosh/contracts';
import { newAgent } from '../helpers/accounts.ts';
import { type BillingTestApp, createBillingApp, createPlan } from '../helpers/billing.ts';
import { staffAgent } from '../helpers/staff.ts';
import { type Agent, createTestApp, type TestApp } from '../helpers/test-app.ts';

const COUPONS = '/api/v1/billing/coupons';
const SYNC = '/api/v1/billing/coupons/sync';
const DAY = 86_400_000;

let t: BillingTestApp;
let staff: Agent;
let plainUser: Agent;
let codes = 0;

beforeAll(async () => {
  t = await createBillingApp();
  staff = (await staffAgent(t, { permissions: [Permission.discountUpdate] })).agent;
  plainUser = (await staffAgent(t)).agent;
});
afterAll(() => t.close());

const uniqueCode = () => `SAVE${++codes}${Date.now().toString(36)}`.toUpperCase();
const body = (over: Record<string, unknown> = {}) => ({
  code: uniqueCode(),
  name: 'Spring sale',
  percent_off: 20,
  duration: 'repeating',
  duration_in_months: 3,
  max_redemptions: 100,
  expires_at: new Date(Date.now() + 30 * DAY).toISOString(),
  ...over,
});
const create = async (over: Record<string, unknown> = {}): Promise<AdminCoupon> => {
  const res = await staff.post(COUPONS, body(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().coupon;
};
const put = (id: number, payload: Record<string, unknown>, agent: Agent = staff) =>
  agent.request({ method: 'PUT', url: `${COUPONS}/${id}`, payload });
const del = (id: number, agent: Agent = staff) => agent.request({ method: 'DELETE', url: `${COUPONS}/${id}` });
const auditOf = async (action: string): Promise<AuditEntry[]> => {
  const res = await t.admin.get(`/api/v1/admin/audit-log?action=${action}&perPage=100`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().pagination.data;
};
const rowCount = async (code: string) =>
  (await t.modules.db.selectFrom('coupons').select('id').where('code', '=', code).execute()).length;

describe('admin coupons', () => {
  it('answers 401 to guests and 403 to users without discount.update', async () => {
    const guest = newAgent(t);
    expect((await guest.get(COUPONS)).statusCode).toBe(401);
    expect((await guest.post(COUPONS, body())).statusCode).toBe(401);
    expect((await plainUser.get(COUPONS)).statusCode).toBe(403);
    expect((await plainUser.post(COUPONS, body())).statusCode).toBe(403);
    expect((await put(1, { name: 'x', active: true }, plainUser)).statusCode).toBe(403);
    expect((await del(1, plainUser)).statusCode).toBe(403);
    expect((await plainUser.post(SYNC, {})).statusCode).toBe(403);
  });

  it('creates a coupon with its coupon and promotion code at Stripe, and audits it', async () => {
    const typed = `spring-${Date.now().toString(36)}`;
    const coupon = await create({ code: typed });
    expect(coupon).toMatchObject({
      code: typed.toUpperCase(),
      name: 'Spring sale',
      percent_off: 20,
      amount_off: null,
      duration: 'repeating',
      duration_in_months: 3,
      max_redemptions: 100,
      active: true,
      times_redeemed: 0,
    });
    const atStripe = t.stripe.discounts.coupons.get(coupon.stripe_coupon_id ?? '');
    expect(atStripe).toMatchObject({
      percent_off: 20,
      duration: 'repeating',
      duration_in_months: 3,
      max_redemptions: 100,
      name: 'Spring sale',
      redeem_by: Math.floor(Date.parse(coupon.expires_at ?? '') / 1000),
      metadata: { kosh_coupon_id: String(coupon.id) },
    });
    const code = t.stripe.discounts.promotionCodes.get(coupon.stripe_promotion_code_id ?? '');
    expect(code).toMatchObject({
      code: coupon.code,
      active: true,
      max_redemptions: 100,
      promotion: { type: 'coupon', coupon: coupon.stripe_coupon_id },
    });
    expect((await auditOf('coupon.create'))[0]).toMatchObject({
      target_id: String(coupon.id),
      target_label: coupon.code,
    });
  });

  it('creates an amount-off coupon in minor units at Stripe', async () => {
    const coupon = await create({
      percent_off: null,
      amount_off: 49.5,
      currency: 'inr',
      duration: 'once',
      duration_in_months: null,
      max_redemptions: null,
      expires_at: null,
    });
    expect(coupon).toMatchObject({ amount_off: 49.5, currency: 'INR', percent_off: null, expires_at: null });
    expect(t.stripe.discounts.coupons.get(coupon.stripe_coupon_id ?? '')).toMatchObject({
      amount_off: 4950,
      currency: 'inr',
      duration: 'once',
      redeem_by: null,
      max_redemptions: null,
    });
  });

  it('lists coupons newest first, searches by code and name, and pages', async () => {
    const a = await create({ name: 'Findable winter offer' });
    const b = await create();
    const res = await staff.get(`${COUPONS}?perPage=1`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().pagination).toMatchObject({ current_page: 1, per_page: 1 });
    expect(res.json().pagination.data[0].id).toBe(b.id);
    expect(res.json().pagination.total).toBeGreaterThanOrEqual(2);
    const byName = (await staff.get(`${COUPONS}?query=winter offer`)).json().pagination.data;
    expect(byName.map((c: AdminCoupon) => c.id)).toEqual([a.id]);
    const byCode = (await staff.get(`${COUPONS}?query=${b.code.toLowerCase()}`)).json().pagination.data;
    expect(byCode.map((c: AdminCoupon) => c.id)).toEqual([b.id]);
    expect((await staff.get(`${COUPONS}?orderBy=nope`)).statusCode).toBe(422);
  });

  it('refuses invalid coupons with 422 and an errors map, saving nothing', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ percent_off: 0 }, 'percent_off', 'The percentage must be at least 1.'],
      [{ percent_off: 101 }, 'percent_off', 'The percentage may not be greater than 100.'],
      [{ percent_off: null }, 'percent_off', 'Enter either a percentage or an amount off.'],
      [{ amount_off: 10, currency: 'INR' }, 'percent_off', 'Enter either a percentage or an amount off.'],
      [{ percent_off: null, amount_off: 0, currency: 'INR' }, 'amount_off', 'The amount must be greater than 0.'],
      [{ percent_off: null, amount_off: 10 }, 'currency', 'An amount off needs a currency.'],
      [{ duration_in_months: null }, 'duration_in_months', 'A repeating discount needs a number of months.'],
      [{ duration_in_months: 37 }, 'duration_in_months', 'The months may not be greater than 36.'],
      [{ duration: 'once' }, 'duration_in_months', 'Months apply only to a repeating discount.'],
      [{ max_redemptions: 0 }, 'max_redemptions', 'The limit must be at least 1.'],
      [{ code: 'no spaces' }, 'code', 'The code may contain only letters, digits, dashes and underscores.'],
      [{ code: 'A'.repeat(41) }, 'code', 'The code may not be greater than 40 characters.'],
      [{ name: '' }, 'name', 'The name field is required.'],
      [{ expires_at: new Date(Date.now() - DAY).toISOString() }, 'expires_at', 'The expiry must be in the future.'],
    ];
    const before = t.stripe.discounts.coupons.size;
    for (const [over, field, message] of cases) {
      const payload = body(over);
      const res = await staff.post(COUPONS, payload);
      expect(res.statusCode, JSON.stringify(over)).toBe(422);
      expect(res.json().errors[field], JSON.stringify(over)).toEqual([message]);
      expect(await rowCount(String(payload.code).toUpperCase())).toBe(0);
    }
    expect(t.stripe.discounts.coupons.size).toBe(before);
  });

  it('refuses a code another coupon has, in any case', async () => {
    const first = await create();
    const res = await staff.post(COUPONS, body({ code: first.code.toLowerCase() }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.code).toEqual(['A coupon with this code already exists.']);
  });

  it('answers one 201 and one 422 to two creates of one code at once', async () => {
    const code = uniqueCode();
    const answers = await Promise.all([staff.post(COUPONS, body({ code })), staff.post(COUPONS, body({ code }))]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    expect(await rowCount(code)).toBe(1);
    const atStripe = [...t.stripe.discounts.promotionCodes.values()].filter((c) => c.code === code);
    expect(atStripe.length).toBe(1);
  });

  it('renames a coupon and turns its code off and on, at Stripe too', async () => {
    const coupon = await create();
    const res = await put(coupon.id, { name: 'Renamed sale', active: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().coupon).toMatchObject({ name: 'Renamed sale', active: false, percent_off: 20 });
    expect(t.stripe.discounts.coupons.get(coupon.stripe_coupon_id ?? '')?.name).toBe('Renamed sale');
    expect(t.stripe.discounts.promotionCodes.get(coupon.stripe_promotion_code_id ?? '')?.active).toBe(false);
    expect((await put(coupon.id, { name: 'Renamed sale', active: true })).statusCode).toBe(200);
    expect(t.stripe.discounts.promotionCodes.get(coupon.stripe_promotion_code_id ?? '')?.active).toBe(true);
    const [audit] = await auditOf('coupon.update');
    expect(audit).toMatchObject({ target_id: String(coupon.id) });
  });

  it('refuses a change of terms with 422, and accepts the same terms sent back', async () => {
    const coupon = await create();
    const refused = await put(coupon.id, { ...coupon, percent_off: 30 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.percent_off).toEqual([
      'Stripe does not let a coupon’s terms change. Create a new coupon instead.',
    ]);
    const longer = await put(coupon.id, { name: coupon.name, active: true, duration_in_months: 6 });
    expect(longer.json().errors.duration_in_months).toBeDefined();
    expect((await put(coupon.id, { ...coupon, code: `${coupon.code}X` })).json().errors.code).toBeDefined();
    const same = await put(coupon.id, { ...coupon, code: coupon.code.toLowerCase(), name: 'Same terms' });
    expect(same.statusCode, same.body).toBe(200);
  });

  it('answers 404 for an unknown coupon and 422 for a bad id', async () => {
    expect((await put(999_999, { name: 'x', active: true })).statusCode).toBe(404);
    expect((await del(999_999)).statusCode).toBe(404);
    expect((await put(1, { active: true })).statusCode).toBe(422);
    const badId = await staff.request({ method: 'PUT', url: `${COUPONS}/abc`, payload: { name: 'x', active: true } });
    expect(badId.statusCode).toBe(422);
  });

  it('deletes a coupon: its code ends and the coupon is deleted at Stripe', async () => {
    const coupon = await create();
    const res = await del(coupon.id);
    expect(res.statusCode, res.body).toBe(204);
    expect(t.stripe.discounts.promotionCodes.get(coupon.stripe_promotion_code_id ?? '')?.active).toBe(false);
    expect(t.stripe.discounts.coupons.has(coupon.stripe_coupon_id ?? '')).toBe(false);
    expect(await rowCount(coupon.code)).toBe(0);
    expect((await auditOf('coupon.delete'))[0]).toMatchObject({ target_id: String(coupon.id), after: null });
    // The code is free again, here and at Stripe.
    expect((await staff.post(COUPONS, body({ code: coupon.code }))).statusCode).toBe(201);
  });

  it('"Sync" reads back redemptions and the code state from Stripe', async () => {
    const coupon = await create();
    const code = t.stripe.discounts.promotionCodes.get(coupon.stripe_promotion_code_id ?? '');
    if (!code) throw new Error('no promotion code');
    t.stripe.discounts.redeem(code);
    t.stripe.discounts.redeem(code);
    const res = await staff.post(SYNC, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().updated).toBeGreaterThanOrEqual(1);
    const listed = (await staff.get(`${COUPONS}?query=${coupon.code}`)).json().pagination.data[0];
    expect(listed).toMatchObject({ times_redeemed: 2, active: true });
    expect((await staff.post(SYNC, {})).json()).toEqual({ updated: 0 });
    expect(t.stripe.unknownCalls).toEqual([]);
  });

  it('takes the code at Stripe Checkout: the first invoice discounted, then counted by Sync', async () => {
    const coupon = await create({ percent_off: 50, duration: 'once', duration_in_months: null });
    const plan = await createPlan(t, { amount: 200 });
    const buyer = (await staffAgent(t)).agent;
    const res = await buyer.post('/api/v1/billing/checkout', {
      product_id: plan.id,
      price_id: plan.prices[0]?.id,
      gateway: 'stripe',
    });
    expect(res.statusCode, res.body).toBe(200);
    const sessionId = new URL(res.json().redirect_url).pathname.split('/').pop() ?? '';
    await t.stripe.completeCheckout(sessionId, undefined, coupon.code.toLowerCase());
    const session = t.stripe.sessions.get(sessionId);
    expect(session).toMatchObject({ status: 'complete', amount_total: 10_000 });
    expect(t.stripe.invoices.get(String(session?.invoice))).toMatchObject({ subtotal: 20_000, total: 10_000 });
    expect((await staff.post(SYNC, {})).statusCode).toBe(200);
    const listed = (await staff.get(`${COUPONS}?query=${coupon.code}`)).json().pagination.data[0];
    expect(listed.times_redeemed).toBe(1);
  });
});

describe('admin coupons without Stripe', () => {
  let plain: TestApp;
  let unreachable: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
    unreachable = await createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_nowhere',
      STRIPE_WEBHOOK_SECRET: 'whsec_nowhere',
      STRIPE_API_URL: 'http://127.0.0.1:9',
    });
  });
  afterAll(async () => {
    await plain?.close();
    await unreachable?.close();
  });

  it('answers 422 to a create and 409 to a sync when Stripe is not configured', async () => {
    const admin = (await staffAgent(plain, { admin: true })).agent;
    const res = await admin.post(COUPONS, body());
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.stripe[0]).toMatch(/^Stripe is not configured\./);
    expect((await admin.post(SYNC, {})).statusCode).toBe(409);
    expect((await admin.get(COUPONS)).json().pagination.data).toEqual([]);
  });

  it('answers 502 when Stripe cannot be reached, and saves nothing', async () => {
    const admin = (await staffAgent(unreachable, { admin: true })).agent;
    const payload = body();
    const res = await admin.post(COUPONS, payload);
    expect(res.statusCode, res.body).toBe(502);
    expect(res.json().message).toBe('The payment service could not be reached. Try again in a moment.');
    const rows = await unreachable.modules.db.selectFrom('coupons').select('id').execute();
    expect(rows).toEqual([]);
  }, 30_000);
});
