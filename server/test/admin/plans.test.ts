import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminPlan, type AuditEntry, Permission } from '@kosh/contracts';
import { newAgent } from '../helpers/accounts.ts';
import { type BillingTestApp, createBillingApp, createPlan, GB } from '../helpers/billing.ts';
import { createUser } from '../helpers/factories.ts';
import { staffAgent } from '../helpers/staff.ts';
import { type Agent, createTestApp, type TestApp } from '../helpers/test-app.ts';

const LIST = '/api/v1/admin/plans';
const POSITIONS = '/api/v1/admin/plans/positions';
const SYNC = '/api/v1/admin/plans/sync';
const PRODUCTS = '/api/v1/billing/products';

let t: BillingTestApp;
let staff: Agent;
let plainUser: Agent;

beforeAll(async () => {
  t = await createBillingApp();
  staff = (await staffAgent(t, { permissions: [Permission.plansUpdate] })).agent;
  plainUser = (await staffAgent(t)).agent;
});
afterAll(() => t.close());

const list = async (agent: Agent = staff): Promise<AdminPlan[]> => {
  const res = await agent.get(LIST);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().plans;
};
const reorder = (ids: number[], agent: Agent = staff) =>
  agent.request({ method: 'PUT', url: POSITIONS, payload: { ids } });
const auditOf = async (action: string): Promise<AuditEntry[]> => {
  const res = await t.admin.get(`/api/v1/admin/audit-log?action=${action}&perPage=100`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().pagination.data;
};
const stripeIdOf = async (table: 'products' | 'prices', id: number) =>
  (await t.modules.db.selectFrom(table).select('stripe_id').where('id', '=', id).executeTakeFirstOrThrow()).stripe_id;

/** A subscription row of a new user to `productId`, as the gateway last reported it. */
async function subscription(productId: number, status: string, endsAt: string | null) {
  const user = await createUser(t.modules);
  const at = new Date().toISOString();
  await t.modules.db
    .insertInto('subscriptions')
    .values({
      user_id: user.id,
      product_id: productId,
      price_id: null,
      gateway: 'none',
      gateway_id: null,
      status,
      renews_at: null,
      ends_at: endsAt,
      trial_ends_at: null,
      payment_method: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
}

describe('admin plans', () => {
  it('answers 401 to guests and 403 to users without plans.update', async () => {
    const guest = newAgent(t);
    expect((await guest.get(LIST)).statusCode).toBe(401);
    expect((await plainUser.get(LIST)).statusCode).toBe(403);
    expect((await reorder([1], plainUser)).statusCode).toBe(403);
    expect((await plainUser.post(SYNC, {})).statusCode).toBe(403);
    expect((await guest.post(SYNC, {})).statusCode).toBe(401);
  });

  it('lists every plan, hidden ones too, by position, with valid subscriptions counted', async () => {
    const hidden = await createPlan(t, { hidden: true, available_space: 3 * GB });
    const day = 86_400_000;
    await subscription(hidden.id, 'active', null);
    await subscription(hidden.id, 'trialing', null);
    await subscription(hidden.id, 'canceled', new Date(Date.now() + day).toISOString()); // paid period left
    await subscription(hidden.id, 'canceled', new Date(Date.now() - day).toISOString()); // ended
    await subscription(hidden.id, 'incomplete', null);
    await subscription(hidden.id, 'canceled', null);

    const plans = await list();
    const seeded = ['Free', 'Basic', 'Standard', 'Premium', 'Ultimate'];
    expect(plans.filter((p) => seeded.includes(p.name)).map((p) => p.name)).toEqual(seeded);
    const found = plans.find((p) => p.id === hidden.id);
    expect(found).toMatchObject({ hidden: true, subscribers_count: 3, available_space: 3 * GB });
    expect(found?.prices).toEqual(hidden.prices);
    expect(plans.find((p) => p.name === 'Basic')?.subscribers_count).toBe(0);
    const positions = plans.map((p) => p.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('reorders every plan (position = index) and audits it', async () => {
    const ids = (await list()).map((p) => p.id).reverse();
    expect((await reorder(ids)).statusCode).toBe(204);
    const after = await list();
    expect(after.map((p) => p.id)).toEqual(ids);
    expect(after.map((p) => p.position)).toEqual(ids.map((_, i) => i));
    const [row] = await auditOf('plan.reorder');
    expect(row?.after).toEqual({ ids });
  });

  it('refuses with 422 an id set that is not exactly the plans', async () => {
    const ids = (await list()).map((p) => p.id);
    for (const bad of [ids.slice(1), [...ids, 999_999], [...ids.slice(1), ids[1] ?? 0], []]) {
      const res = await reorder(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
    }
    expect((await reorder(ids.slice(1))).json().errors.ids).toEqual(['List every plan exactly once.']);
    expect((await list()).map((p) => p.id)).toEqual(ids);
  });

  it('leaves a consistent order when two reorders run at once', async () => {
    const ids = (await list()).map((p) => p.id);
    const a = [...ids].reverse();
    const b = [...ids.slice(1), ids[0] ?? 0];
    const answers = await Promise.all([reorder(a), reorder(b), reorder(a), reorder(b)]);
    expect(answers.map((r) => r.statusCode)).toEqual([204, 204, 204, 204]);
    const after = await list();
    expect([a, b]).toContainEqual(after.map((p) => p.id));
    expect(after.map((p) => p.position)).toEqual(ids.map((_, i) => i));
  });

  it('syncs a plan with Stripe when it is saved, and adds a new price when a price changes', async () => {
    const plan = await createPlan(t, { amount: 199 });
    const productStripeId = await stripeIdOf('products', plan.id);
    const oldPrice = plan.prices[0];
    if (!productStripeId || !oldPrice) throw new Error('the plan was not synced');
    expect(t.stripe.store.products.get(productStripeId)).toMatchObject({ name: plan.name, active: true });
    const oldStripePrice = await stripeIdOf('prices', oldPrice.id);
    expect(t.stripe.store.prices.get(oldStripePrice ?? '')).toMatchObject({ unit_amount: 19900, active: true });

    const body = { ...plan, name: `${plan.name} renamed`, prices: [{ ...oldPrice, amount: 249 }] };
    const res = await t.admin.request({ method: 'PUT', url: `${PRODUCTS}/${plan.id}`, payload: body });
    expect(res.statusCode, res.body).toBe(200);
    const newPrice = res.json().product.prices[0];
    expect(newPrice.id).not.toBe(oldPrice.id);
    expect(t.stripe.store.products.get(productStripeId)?.name).toBe(body.name);
    expect(t.stripe.store.prices.get(oldStripePrice ?? '')?.active).toBe(false);
    const newStripePrice = await stripeIdOf('prices', newPrice.id);
    expect(t.stripe.store.prices.get(newStripePrice ?? '')).toMatchObject({ unit_amount: 24900, active: true });
    expect((await auditOf('plan.update'))[0]).toMatchObject({ target_id: String(plan.id), target_label: body.name });
  });

  it('archives a deleted plan and its prices at Stripe', async () => {
    const plan = await createPlan(t);
    const productStripeId = (await stripeIdOf('products', plan.id)) ?? '';
    const priceStripeId = (await stripeIdOf('prices', plan.prices[0]?.id ?? 0)) ?? '';
    const res = await t.admin.request({ method: 'DELETE', url: `${PRODUCTS}/${plan.id}` });
    expect(res.statusCode, res.body).toBe(204);
    expect(t.stripe.store.products.get(productStripeId)?.active).toBe(false);
    expect(t.stripe.store.prices.get(priceStripeId)?.active).toBe(false);
    expect((await auditOf('plan.delete'))[0]).toMatchObject({ target_id: String(plan.id), after: null });
  });

  it('"Sync plans" creates what Stripe lacks, archives archived prices there, then finds nothing to do', async () => {
    const db = t.modules.db;
    const before = {
      products: (await db.selectFrom('products').select('id').where('stripe_id', 'is', null).execute()).length,
      prices: (
        await db
          .selectFrom('prices')
          .select('id')
          .where('stripe_id', 'is', null)
          .where('archived_at', 'is', null)
          .execute()
      ).length,
    };
    expect(before.products).toBeGreaterThanOrEqual(4); // the seeded plans were never saved through the API
    const res = await staff.post(SYNC, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      products_created: before.products,
      products_updated: 0,
      prices_created: before.prices,
      prices_archived: 0,
    });
    const basic = (await list()).find((p) => p.name === 'Basic');
    const basicStripeId = await stripeIdOf('products', basic?.id ?? 0);
    expect(t.stripe.store.products.get(basicStripeId ?? '')).toMatchObject({ name: 'Basic', active: true });
    const hidden = (await list()).find((p) => p.hidden);
    expect(t.stripe.store.products.get((await stripeIdOf('products', hidden?.id ?? 0)) ?? '')?.active).toBe(true);

    // A price archived and a plan renamed behind the API's back: the next sync catches up.
    const price = basic?.prices[0];
    const priceStripeId = (await stripeIdOf('prices', price?.id ?? 0)) ?? '';
    expect(t.stripe.store.prices.get(priceStripeId)?.active).toBe(true);
    await db
      .updateTable('prices')
      .set({ archived_at: new Date().toISOString() })
      .where('id', '=', price?.id ?? 0)
      .execute();
    await db
      .updateTable('products')
      .set({ description: 'Changed.' })
      .where('id', '=', basic?.id ?? 0)
      .execute();
    const again = await staff.post(SYNC, {});
    expect(again.json()).toEqual({ products_created: 0, products_updated: 1, prices_created: 0, prices_archived: 1 });
    expect(t.stripe.store.prices.get(priceStripeId)?.active).toBe(false);
    expect(t.stripe.store.products.get(basicStripeId ?? '')?.description).toBe('Changed.');

    const third = await staff.post(SYNC, {});
    expect(third.json()).toEqual({ products_created: 0, products_updated: 0, prices_created: 0, prices_archived: 0 });
    expect((await auditOf('plan.sync')).length).toBe(3);
    expect(t.stripe.unknownCalls).toEqual([]);
  });
});

describe('admin plans without Stripe', () => {
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

  it('answers 409 "No payment gateway is configured." and saving a plan still works', async () => {
    const admin = (await staffAgent(plain, { admin: true })).agent;
    const res = await admin.post(SYNC, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('No payment gateway is configured.');
    const saved = await admin.post(PRODUCTS, {
      name: 'No Stripe',
      available_space: GB,
      prices: [{ amount: 10, currency: 'INR', interval: 'month', interval_count: 1 }],
    });
    expect(saved.statusCode, saved.body).toBe(201);
  });

  it('answers 502 when Stripe cannot be reached, and a save there still succeeds', async () => {
    const admin = (await staffAgent(unreachable, { admin: true })).agent;
    const res = await admin.post(SYNC, {});
    expect(res.statusCode, res.body).toBe(502);
    const saved = await admin.post(PRODUCTS, {
      name: 'Offline',
      available_space: GB,
      prices: [{ amount: 10, currency: 'INR', interval: 'month', interval_count: 1 }],
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const row = await unreachable.modules.db
      .selectFrom('products')
      .select('stripe_id')
      .where('id', '=', saved.json().product.id)
      .executeTakeFirstOrThrow();
    expect(row.stripe_id).toBeNull();
  }, 30_000);
});
