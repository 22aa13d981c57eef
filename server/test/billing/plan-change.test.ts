import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES, PLAN_CHANGE_MESSAGES, type Product } from '@kosh/contracts';
import { newAgent } from '../helpers/accounts.ts';
import { type BillingTestApp, createBillingApp, createPlan, GB, subscribe, TB } from '../helpers/billing.ts';
import { staffAgent } from '../helpers/staff.ts';
import type { Agent } from '../helpers/test-app.ts';

const PREVIEW = '/api/v1/billing/subscription/change-plan/preview';
const CHANGE = '/api/v1/billing/subscription/change-plan';

let t: BillingTestApp;
let small: Product;
let big: Product;

const target = (plan: Product) => ({ product_id: plan.id, price_id: plan.prices[0]?.id });
const spaceOf = async (agent: Agent) => (await agent.get('/api/v1/user/space-usage')).json().available;

beforeAll(async () => {
  t = await createBillingApp();
  small = await createPlan(t, { available_space: 100 * GB, amount: 100 });
  big = await createPlan(t, { available_space: TB, amount: 300 });
});
afterAll(() => t.close());

describe('changing plan', () => {
  it('previews Stripe’s proration, then moves to the bigger plan and its space at once', async () => {
    const { agent, user } = await staffAgent(t);
    await subscribe(t, agent, small);
    const res = await agent.post(PREVIEW, target(big));
    expect(res.statusCode, res.body).toBe(200);
    const { preview } = res.json();
    // Changed right after paying: nearly all of the small plan is credited against the big one.
    expect(preview.currency).toBe('INR');
    expect(preview.amount_due).toBeGreaterThan(199);
    expect(preview.amount_due).toBeLessThanOrEqual(200);
    expect(Date.parse(preview.renews_at)).toBeGreaterThan(Date.now() + 27 * 86_400_000);

    const changed = await agent.post(CHANGE, { ...target(big), proration_date: preview.proration_date });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().subscription).toMatchObject({
      state: 'active',
      product: { id: big.id },
      price: { id: big.prices[0]?.id, amount: 300 },
    });
    expect(await spaceOf(agent)).toBe(TB);
    const rows = await t.modules.db.selectFrom('subscriptions').selectAll().where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(1);
    // The proration was charged and recorded.
    const invoices = (await agent.get('/api/v1/billing/invoices')).json().pagination;
    expect(invoices.data.map((i: { amount: number }) => i.amount)).toContain(preview.amount_due);
  });

  it('refuses the same plan, a smaller one, unknown prices and bad bodies', async () => {
    const { agent } = await staffAgent(t);
    await subscribe(t, agent, big);
    const same = await agent.post(PREVIEW, target(big));
    expect(same.statusCode).toBe(422);
    expect(same.json().errors.price_id).toEqual([PLAN_CHANGE_MESSAGES.samePrice]);
    const smaller = await agent.post(CHANGE, target(small));
    expect(smaller.statusCode).toBe(422);
    expect(smaller.json().errors.product_id).toEqual([PLAN_CHANGE_MESSAGES.notBigger]);
    const unknown = await agent.post(PREVIEW, { product_id: big.id, price_id: 999_999 });
    expect(unknown.json().errors.price_id).toEqual([BILLING_MESSAGES.unknownPrice]);
    expect((await agent.post(PREVIEW, { product_id: 'x' })).statusCode).toBe(422);
    expect((await agent.post(CHANGE, { ...target(big), proration_date: -1 })).statusCode).toBe(422);
  });

  it('refuses users without a subscription, cancelled plans and guests', async () => {
    const { agent } = await staffAgent(t);
    expect((await agent.post(PREVIEW, target(big))).statusCode).toBe(404);
    await subscribe(t, agent, small);
    await agent.post('/api/v1/billing/subscription/cancel');
    const cancelled = await agent.post(CHANGE, target(big));
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().message).toBe(PLAN_CHANGE_MESSAGES.notChangeable);
    expect((await newAgent(t).post(PREVIEW, target(big))).statusCode).toBe(401);
  });
});
