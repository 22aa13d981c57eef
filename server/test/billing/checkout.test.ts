import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES, type BillingSubscription, FREE_STORAGE_BYTES, type Product } from '@kosh/contracts';
import { newAgent } from '../helpers/accounts.ts';
import { type BillingTestApp, createBillingApp, createPlan, GB, subscribe, TB } from '../helpers/billing.ts';
import { staffAgent } from '../helpers/staff.ts';
import type { Agent } from '../helpers/test-app.ts';

let t: BillingTestApp;
let plan: Product;

const user = async () => staffAgent(t);
const checkout = (agent: Agent, body: Record<string, unknown>) => agent.post('/api/v1/billing/checkout', body);
const current = async (agent: Agent): Promise<BillingSubscription | null> => {
  const res = await agent.get('/api/v1/billing/subscription');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().subscription;
};
const spaceOf = async (agent: Agent): Promise<number | null> =>
  (await agent.get('/api/v1/user/space-usage')).json().available;
const sessionOf = (redirect: string) => new URL(redirect).pathname.split('/').pop() ?? '';

beforeAll(async () => {
  t = await createBillingApp();
  plan = await createPlan(t, { available_space: 200 * GB, amount: 149 });
});
afterAll(() => t.close());

describe('gateways', () => {
  it('lists Stripe while billing is on and its keys are set, nothing while billing is off', async () => {
    const visitor = newAgent(t);
    expect((await visitor.get('/api/v1/billing/gateways')).json()).toEqual({ gateways: ['stripe'] });
    await t.modules.settings.service.set('billing.enable', false);
    try {
      expect((await visitor.get('/api/v1/billing/gateways')).json()).toEqual({ gateways: [] });
      const { agent } = await user();
      const res = await checkout(agent, { product_id: plan.id, price_id: plan.prices[0]?.id, gateway: 'stripe' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(BILLING_MESSAGES.billingOff);
    } finally {
      await t.modules.settings.service.set('billing.enable', true);
    }
  });
});

describe('POST billing/checkout', () => {
  it('refuses visitors, malformed bodies, unknown or unsellable prices and gateways not configured', async () => {
    const price = plan.prices[0]?.id;
    expect((await checkout(newAgent(t), { product_id: plan.id, price_id: price, gateway: 'stripe' })).statusCode).toBe(
      401,
    );
    const { agent } = await user();
    const malformed = await checkout(agent, { product_id: 'x', gateway: 'cash' });
    expect(malformed.statusCode).toBe(422);
    expect(Object.keys(malformed.json().errors)).toEqual(expect.arrayContaining(['product_id', 'price_id', 'gateway']));
    const paypal = await checkout(agent, { product_id: plan.id, price_id: price, gateway: 'paypal' });
    expect(paypal.statusCode).toBe(422);
    expect(paypal.json().errors.gateway).toEqual([BILLING_MESSAGES.gatewayOff]);
    const other = await createPlan(t);
    const mismatched = await checkout(agent, { product_id: plan.id, price_id: other.prices[0]?.id, gateway: 'stripe' });
    expect(mismatched.json().errors.price_id).toEqual([BILLING_MESSAGES.unknownPrice]);
    const hidden = await createPlan(t, { hidden: true });
    const res = await checkout(agent, { product_id: hidden.id, price_id: hidden.prices[0]?.id, gateway: 'stripe' });
    expect(res.statusCode).toBe(422);
    expect(t.stripe.unknownCalls).toEqual([]);
  });

  it('sends the browser to Stripe; paying makes an active subscription with the plan’s space', async () => {
    const { agent, user: u } = await user();
    expect(await spaceOf(agent)).toBe(FREE_STORAGE_BYTES);
    const res = await checkout(agent, { product_id: plan.id, price_id: plan.prices[0]?.id, gateway: 'stripe' });
    expect(res.statusCode, res.body).toBe(200);
    const { redirect_url } = res.json();
    expect(redirect_url.startsWith(`${t.stripe.url}/pay/cs_`)).toBe(true);
    const session = t.stripe.sessions.get(sessionOf(redirect_url));
    expect(session?.success_url).toMatch(
      new RegExp(`/checkout/${plan.id}/${plan.prices[0]?.id}/stripe/done\\?session_id=\\{CHECKOUT_SESSION_ID\\}$`),
    );
    // Not paid yet: the done route's confirmation says so and nothing is recorded.
    const early = await agent.post('/api/v1/billing/checkout/stripe/confirm', { session_id: session?.id });
    expect(early.statusCode).toBe(409);
    expect(await current(agent)).toBeNull();

    await t.stripe.completeCheckout(session?.id ?? '');
    expect(t.stripe.events.map((e) => [e.type, e.status])).toEqual(
      expect.arrayContaining([
        ['checkout.session.completed', 200],
        ['customer.subscription.created', 200],
        ['invoice.paid', 200],
      ]),
    );
    const subscription = await current(agent);
    expect(subscription).toMatchObject({
      state: 'active',
      valid: true,
      gateway: 'stripe',
      product: { id: plan.id, available_space: 200 * GB },
      price: { id: plan.prices[0]?.id, amount: 149, currency: 'INR' },
      ends_at: null,
      payment_method: { brand: 'visa', last4: '4242' },
    });
    expect(Date.parse(subscription?.renews_at ?? '')).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    expect(await spaceOf(agent)).toBe(200 * GB);

    // The done route confirms the same subscription, as often as it is asked.
    const confirmed = await agent.post('/api/v1/billing/checkout/stripe/confirm', { session_id: session?.id });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().subscription.id).toBe(subscription?.id);
    const rows = await t.modules.db.selectFrom('subscriptions').selectAll().where('user_id', '=', u.id).execute();
    expect(rows).toHaveLength(1);

    // The user's record says subscribed; the invoice is in the payment history.
    const me = (await agent.get('/api/v1/bootstrap-data')).json();
    expect(me.user.subscriptions).toEqual([
      expect.objectContaining({ id: subscription?.id, valid: true, active: true }),
    ]);
    const invoices = (await agent.get('/api/v1/billing/invoices')).json().pagination;
    expect(invoices.total).toBe(1);
    expect(invoices.data[0]).toMatchObject({ plan: plan.name, amount: 149, currency: 'INR', status: 'paid' });

    // A subscriber changes plan instead of buying a second one.
    const again = await checkout(agent, { product_id: plan.id, price_id: plan.prices[0]?.id, gateway: 'stripe' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(BILLING_MESSAGES.alreadySubscribed);
  });

  it('confirms only the caller’s own paid session', async () => {
    const owner = await user();
    const stripeId = await subscribe(t, owner.agent, plan);
    const session = [...t.stripe.sessions.values()].find((s) => s.subscription === stripeId);
    const { agent: stranger } = await user();
    const res = await stranger.post('/api/v1/billing/checkout/stripe/confirm', { session_id: session?.id });
    expect(res.statusCode).toBe(404);
    const unknown = await owner.agent.post('/api/v1/billing/checkout/stripe/confirm', { session_id: 'cs_nothing' });
    expect(unknown.statusCode).toBe(404);
    const empty = await owner.agent.post('/api/v1/billing/checkout/stripe/confirm', { session_id: '' });
    expect(empty.statusCode).toBe(422);
    expect(await current(stranger)).toBeNull();
  });
});

describe('cancel, grace, renew and the end of a plan', () => {
  it('keeps the plan until the period ends, renews on request, and falls back to the free space after', async () => {
    const { agent } = await user();
    const stripeId = await subscribe(t, agent, plan);
    const cancel = await agent.post('/api/v1/billing/subscription/cancel');
    expect(cancel.statusCode, cancel.body).toBe(200);
    const cancelled: BillingSubscription = cancel.json().subscription;
    expect(cancelled).toMatchObject({ state: 'cancelled', valid: true, renews_at: null });
    expect(Date.parse(cancelled.ends_at ?? '')).toBeGreaterThan(Date.now());
    expect(await spaceOf(agent)).toBe(200 * GB);
    expect((await agent.post('/api/v1/billing/subscription/cancel')).statusCode).toBe(409);

    const resume = await agent.post('/api/v1/billing/subscription/resume');
    expect(resume.statusCode, resume.body).toBe(200);
    expect(resume.json().subscription).toMatchObject({ state: 'active', ends_at: null });
    expect((await agent.post('/api/v1/billing/subscription/resume')).statusCode).toBe(409);

    await agent.post('/api/v1/billing/subscription/cancel');
    await t.stripe.endPeriod(stripeId);
    expect(await current(agent)).toBeNull();
    expect(await spaceOf(agent)).toBe(FREE_STORAGE_BYTES);
    const me = (await agent.get('/api/v1/bootstrap-data')).json();
    expect(me.user.subscriptions).toEqual([expect.objectContaining({ valid: false, active: false })]);
    // Ended: the user may buy again.
    expect(
      (await checkout(agent, { product_id: plan.id, price_id: plan.prices[0]?.id, gateway: 'stripe' })).statusCode,
    ).toBe(200);
  });

  it('answers 404 to cancel and renew without a subscription', async () => {
    const { agent } = await user();
    expect((await agent.post('/api/v1/billing/subscription/cancel')).statusCode).toBe(404);
    expect((await agent.post('/api/v1/billing/subscription/resume')).statusCode).toBe(404);
    expect((await newAgent(t).post('/api/v1/billing/subscription/cancel')).statusCode).toBe(401);
  });
});

describe('renewals and failed payments', () => {
  it('a failed charge makes the plan past due (not valid) and records it; the next payment restores it', async () => {
    const { agent } = await user();
    const stripeId = await subscribe(t, agent, plan);
    await t.stripe.failPayment(stripeId);
    expect(await current(agent)).toMatchObject({ state: 'past_due', valid: false });
    expect(await spaceOf(agent)).toBe(FREE_STORAGE_BYTES);
    await t.stripe.renew(stripeId);
    expect(await current(agent)).toMatchObject({ state: 'active', valid: true });
    const invoices = (await agent.get('/api/v1/billing/invoices?per_page=10')).json().pagination;
    expect(invoices.data.map((i: { status: string }) => i.status).sort()).toEqual(['failed', 'paid', 'paid']);
    expect(await spaceOf(agent)).toBe(200 * GB);
  });

  it('pages the payment history and refuses bad pages', async () => {
    const { agent } = await user();
    const stripeId = await subscribe(t, agent, plan);
    await t.stripe.renew(stripeId);
    await t.stripe.renew(stripeId);
    const page = (await agent.get('/api/v1/billing/invoices?per_page=2&page=2')).json().pagination;
    expect(page).toMatchObject({ total: 3, current_page: 2, last_page: 2, per_page: 2 });
    expect(page.data).toHaveLength(1);
    expect((await agent.get('/api/v1/billing/invoices?per_page=1000')).statusCode).toBe(422);
    expect((await newAgent(t).get('/api/v1/billing/invoices')).statusCode).toBe(401);
  });
});

describe('plans with subscribers', () => {
  it('cannot be deleted', async () => {
    const subscribed = await createPlan(t);
    await subscribe(t, (await user()).agent, subscribed);
    const res = await t.admin.request({ method: 'DELETE', url: `/api/v1/billing/products/${subscribed.id}` });
    expect(res.statusCode).toBe(409);
  });
});

describe('API tokens need a plan of at least 1 TB while billing is on', () => {
  it('refuses without such a plan and allows with one', async () => {
    const { agent } = await user();
    const refused = await agent.post('/api/v1/access-tokens', { tokenName: 'cli' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(BILLING_MESSAGES.apiNeedsPlan);
    await subscribe(t, agent, await createPlan(t, { available_space: TB }));
    expect((await agent.post('/api/v1/access-tokens', { tokenName: 'cli' })).statusCode).toBe(200);
  });

  it('does not apply while billing is off', async () => {
    const { agent } = await user();
    await t.modules.settings.service.set('billing.enable', false);
    try {
      expect((await agent.post('/api/v1/access-tokens', { tokenName: 'cli' })).statusCode).toBe(200);
    } finally {
      await t.modules.settings.service.set('billing.enable', true);
    }
  });
});

describe('payment notifications', () => {
  it('tells the subscriber of a payment received and a payment failed, once each', async () => {
    const { agent, user: u } = await user();
    const stripeId = await subscribe(t, agent, plan);
    await t.stripe.failPayment(stripeId);
    const paid = t.stripe.events.findLast((e) => e.type === 'invoice.payment_failed');
    if (!paid) throw new Error('no failure event');
    await t.stripe.resend(paid.id);
    await t.modules.notifications.service.idle();
    const rows = await t.modules.db
      .selectFrom('notifications')
      .select(['type', 'data'])
      .where('user_id', '=', u.id)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.type)).toEqual(['payment-received', 'payment-failed']);
    expect(rows[1]?.data).toContain('/billing/change-payment-method');
    expect(rows[1]?.data).toContain(plan.name);
  });
});
