import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_SUBSCRIPTION_MESSAGES as TEXT, Permission, type Product } from '@kosh/contracts';
import { newAgent } from '../helpers/accounts.ts';
import { type BillingTestApp, createBillingApp, createPlan, GB, subscribe } from '../helpers/billing.ts';
import { staffAgent } from '../helpers/staff.ts';
import type { Agent } from '../helpers/test-app.ts';

const LIST = '/api/v1/admin/subscriptions';
let t: BillingTestApp;
let plan: Product;
let staff: Agent;

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const ids = (res: { json(): { pagination: { data: Array<{ id: number }> } } }) =>
  res.json().pagination.data.map((s) => s.id);
const spaceOf = async (agent: Agent) => (await agent.get('/api/v1/user/space-usage')).json().available;

beforeAll(async () => {
  t = await createBillingApp();
  plan = await createPlan(t, { available_space: 300 * GB });
  staff = (await staffAgent(t, { permissions: [Permission.subscriptionsUpdate] })).agent;
});
afterAll(() => t.close());

describe('admin subscriptions', () => {
  it('lists subscriptions with their user and plan, filtered by state, gateway, plan and user', async () => {
    const paying = await staffAgent(t);
    await subscribe(t, paying.agent, plan);
    const ending = await staffAgent(t);
    await subscribe(t, ending.agent, plan);
    await ending.agent.post('/api/v1/billing/subscription/cancel');
    const gone = await staffAgent(t);
    const goneId = await subscribe(t, gone.agent, plan);
    await gone.agent.post('/api/v1/billing/subscription/cancel');
    await t.stripe.endPeriod(goneId);

    const all = await staff.get(`${LIST}?userId=${paying.user.id}`);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().pagination.data[0]).toMatchObject({
      user: { id: paying.user.id, email: paying.user.email },
      product: { id: plan.id, name: plan.name },
      price: { amount: 149 },
      gateway: 'stripe',
      state: 'active',
      valid: true,
    });
    const byState = async (state: string) =>
      ids(await staff.get(`${LIST}?state=${state}&productId=${plan.id}&perPage=100`));
    const [active, cancelled, ended] = await Promise.all([byState('active'), byState('cancelled'), byState('ended')]);
    const idOf = async (userId: number) => ids(await staff.get(`${LIST}?userId=${userId}`))[0];
    expect(active).toContain(await idOf(paying.user.id));
    expect(cancelled).toEqual([await idOf(ending.user.id)]);
    expect(ended).toEqual([await idOf(gone.user.id)]);
    expect(ids(await staff.get(`${LIST}?gateway=none&productId=${plan.id}`))).toEqual([]);
    const search = await staff.get(`${LIST}?query=${encodeURIComponent(ending.user.email)}`);
    expect(ids(search)).toEqual([await idOf(ending.user.id)]);
    expect((await staff.get(`${LIST}?state=expired`)).statusCode).toBe(422);
  });

  it('grants a plan until a day, which gives its space, and refuses a second one', async () => {
    const { agent, user } = await staffAgent(t);
    const res = await staff.post(LIST, { user_id: user.id, product_id: plan.id, ends_on: tomorrow() });
    expect(res.statusCode, res.body).toBe(201);
    const granted = res.json().subscription;
    expect(granted).toMatchObject({ gateway: 'none', state: 'active', valid: true, renews_at: null });
    expect(await spaceOf(agent)).toBe(300 * GB);
    expect((await agent.get('/api/v1/billing/subscription')).json().subscription).toMatchObject({ state: 'active' });
    const again = await staff.post(LIST, { user_id: user.id, product_id: plan.id, ends_on: tomorrow() });
    expect(again.json().errors.user_id).toEqual([TEXT.alreadySubscribed]);
    // Two grants at once: one wins.
    const other = await staffAgent(t);
    const both = await Promise.all([
      staff.post(LIST, { user_id: other.user.id, product_id: plan.id, ends_on: tomorrow() }),
      staff.post(LIST, { user_id: other.user.id, product_id: plan.id, ends_on: tomorrow() }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    // Audited.
    const audit = await t.modules.db
      .selectFrom('admin_audit_log')
      .select('action')
      .where('target_type', '=', 'subscription')
      .where('target_id', '=', String(granted.id))
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['subscription.grant']);
  });

  it('refuses bad grants', async () => {
    const { user } = await staffAgent(t);
    const free = await createPlan(t, { free: true }).catch(() => undefined);
    const past = await staff.post(LIST, { user_id: user.id, product_id: plan.id, ends_on: '2020-01-01' });
    expect(past.json().errors.ends_on).toEqual([TEXT.endsInPast]);
    expect(
      (await staff.post(LIST, { user_id: 999_999, product_id: plan.id, ends_on: tomorrow() })).json().errors,
    ).toEqual({ user_id: [TEXT.unknownUser] });
    if (free)
      expect((await staff.post(LIST, { user_id: user.id, product_id: free.id, ends_on: tomorrow() })).statusCode).toBe(
        422,
      );
    expect((await staff.post(LIST, { user_id: user.id, product_id: plan.id, ends_on: 'soon' })).statusCode).toBe(422);
  });

  it('cancels and renews a Stripe subscription at Stripe, and ends a granted one now', async () => {
    const payer = await staffAgent(t);
    const stripeId = await subscribe(t, payer.agent, plan);
    const [id] = ids(await staff.get(`${LIST}?userId=${payer.user.id}`));
    const cancelled = await staff.post(`${LIST}/${id}/cancel`, { at_period_end: true });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().subscription).toMatchObject({ state: 'cancelled', valid: true });
    expect(t.stripe.subscriptions.get(stripeId)?.cancel_at_period_end).toBe(true);
    expect((await staff.post(`${LIST}/${id}/cancel`, { at_period_end: true })).statusCode).toBe(409);
    const resumed = await staff.post(`${LIST}/${id}/resume`);
    expect(resumed.json().subscription).toMatchObject({ state: 'active' });
    const now = await staff.post(`${LIST}/${id}/cancel`, { at_period_end: false });
    expect(now.json().subscription).toMatchObject({ state: 'ended', valid: false });
    expect(t.stripe.subscriptions.get(stripeId)?.status).toBe('canceled');

    const { user } = await staffAgent(t);
    const granted = (await staff.post(LIST, { user_id: user.id, product_id: plan.id, ends_on: tomorrow() })).json()
      .subscription;
    const ended = await staff.post(`${LIST}/${granted.id}/cancel`, { at_period_end: false });
    expect(ended.json().subscription).toMatchObject({ state: 'ended', valid: false });
    const detail = await staff.get(`${LIST}/${id}`);
    expect(detail.json().invoices).toHaveLength(1);
    expect((await staff.get(`${LIST}/999999`)).statusCode).toBe(404);
  });

  it('answers 401 to guests and 403 to users without subscriptions.update', async () => {
    expect((await newAgent(t).get(LIST)).statusCode).toBe(401);
    const { agent } = await staffAgent(t);
    expect((await agent.get(LIST)).statusCode).toBe(403);
    expect((await agent.post(`${LIST}/1/cancel`, {})).statusCode).toBe(403);
  });
});
