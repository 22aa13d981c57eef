import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES, type BillingSubscription, FREE_STORAGE_BYTES, type Product } from '@kosh/contracts';
import { newAgent } from '../helpers/accounts.ts';
import {
  createPayPalBillingApp,
  createPlan,
  GB,
  type PayPalBillingTestApp,
  subscribeWithPayPal,
} from '../helpers/billing.ts';
import { staffAgent } from '../helpers/staff.ts';
import type { Agent } from '../helpers/test-app.ts';

let t: PayPalBillingTestApp;
let plan: Product;

const checkout = (agent: Agent, product: Product) =>
  agent.post('/api/v1/billing/checkout', {
    product_id: product.id,
    price_id: product.prices[0]?.id,
    gateway: 'paypal',
  });
const confirm = (agent: Agent, id: unknown) =>
  agent.post('/api/v1/billing/checkout/paypal/confirm', { subscription_id: id });
const current = async (agent: Agent): Promise<BillingSubscription | null> =>
  (await agent.get('/api/v1/billing/subscription')).json().subscription;
const spaceOf = async (agent: Agent): Promise<number | null> =>
  (await agent.get('/api/v1/user/space-usage')).json().available;
const invoicesOf = (userId: number) =>
  t.modules.db.selectFrom('invoices').selectAll().where('user_id', '=', userId).orderBy('id').execute();
const typesOf = async (userId: number) =>
  (
    await t.modules.db.selectFrom('notifications').select('type').where('user_id', '=', userId).orderBy('id').execute()
  ).map((r) => r.type);

beforeAll(async () => {
  t = await createPayPalBillingApp();
  plan = await createPlan(t, { available_space: 300 * GB, amount: 149 });
});
afterAll(() => t.close());

describe('PayPal checkout', () => {
  it('is offered beside Stripe once its client, secret and webhook id are set', async () => {
    expect((await newAgent(t).get('/api/v1/billing/gateways')).json()).toEqual({ gateways: ['stripe', 'paypal'] });
  });

  it('sends the browser to PayPal’s approval page for a PayPal plan made from the price', async () => {
    const { agent, user } = await staffAgent(t);
    const res = await checkout(agent, plan);
    expect(res.statusCode, res.body).toBe(200);
    const approve = new URL(res.json().redirect_url);
    expect(`${approve.origin}${approve.pathname}`).toBe(`${t.paypal.url}/checkoutnow`);
    const entry = t.paypal.store.checkouts.get(approve.searchParams.get('ba_token') ?? '');
    expect(entry?.returnUrl).toMatch(new RegExp(`/checkout/${plan.id}/${plan.prices[0]?.id}/paypal/done$`));
    expect(entry?.cancelUrl).toMatch(new RegExp(`/checkout/${plan.id}/${plan.prices[0]?.id}$`));
    const sub = t.paypal.store.subscriptions.get(entry?.subscriptionId ?? '');
    expect(sub?.custom_id).toBe(String(user.id));
    const paypalPlan = t.paypal.store.plans.get(sub?.plan_id ?? '');
    expect(paypalPlan?.billing_cycles[0]?.pricing_scheme?.fixed_price).toEqual({
      value: '149.00',
      currency_code: 'INR',
    });
    expect(paypalPlan?.billing_cycles[0]?.frequency).toEqual({ interval_unit: 'MONTH', interval_count: 1 });
    // The price's PayPal plan is made once: a second checkout reuses it.
    const again = await checkout((await staffAgent(t)).agent, plan);
    const second = t.paypal.store.checkouts.get(new URL(again.json().redirect_url).searchParams.get('ba_token') ?? '');
    expect(t.paypal.store.subscriptions.get(second?.subscriptionId ?? '')?.plan_id).toBe(sub?.plan_id);
    expect(t.paypal.unknownCalls).toEqual([]);
  });

  it('confirms on return only once approved, and only for the subscriber', async () => {
    const { agent } = await staffAgent(t);
    const res = await checkout(agent, plan);
    const token = new URL(res.json().redirect_url).searchParams.get('ba_token') ?? '';
    const id = t.paypal.store.checkouts.get(token)?.subscriptionId ?? '';
    const early = await confirm(agent, id);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(BILLING_MESSAGES.checkoutUnpaid);
    expect((await confirm(agent, 'not a paypal id!')).statusCode).toBe(422);
    expect((await confirm(agent, 'I-UNKNOWN0000')).statusCode).toBe(404);
    expect((await confirm(newAgent(t), id)).statusCode).toBe(401);
    await t.paypal.approve(id);
    const stranger = await confirm((await staffAgent(t)).agent, id);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe(BILLING_MESSAGES.checkoutNotFound);
    const done = await confirm(agent, id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().subscription).toMatchObject({ state: 'active', gateway: 'paypal', valid: true });
    // Repeating the confirmation (a reload of the done page) changes nothing.
    expect((await confirm(agent, id)).json().subscription.id).toBe(done.json().subscription.id);
  });

  it('makes the plan active with its space, the payment an invoice, and tells the subscriber', async () => {
    const { agent, user } = await staffAgent(t);
    expect(await spaceOf(agent)).toBe(FREE_STORAGE_BYTES);
    const id = await subscribeWithPayPal(t, agent, plan);
    const subscription = await current(agent);
    expect(subscription).toMatchObject({
      state: 'active',
      gateway: 'paypal',
      payment_method: { brand: 'PayPal', last4: '' },
      product: { id: plan.id },
    });
    const next = t.paypal.store.subscriptions.get(id)?.billing_info?.next_billing_time ?? '';
    expect(Date.parse(subscription?.renews_at ?? '')).toBe(Date.parse(next));
    expect(await spaceOf(agent)).toBe(300 * GB);
    const [invoice] = await invoicesOf(user.id);
    expect(invoice).toMatchObject({ gateway: 'paypal', status: 'paid', amount: 14900, currency: 'INR' });
    expect(await typesOf(user.id)).toEqual(['payment-received']);
  });

  it('records each renewal once, and a failed payment with its notice', async () => {
    const { agent, user } = await staffAgent(t);
    const id = await subscribeWithPayPal(t, agent, plan);
    const before = (await current(agent))?.renews_at ?? '';
    await t.paypal.renew(id);
    expect(Date.parse((await current(agent))?.renews_at ?? '')).toBeGreaterThan(Date.parse(before));
    await t.paypal.failPayment(id);
    const invoices = await invoicesOf(user.id);
    expect(invoices.map((i) => i.status)).toEqual(['paid', 'paid', 'failed']);
    expect(await typesOf(user.id)).toEqual(['payment-received', 'payment-received', 'payment-failed']);
    // PayPal suspends after its third failure in a row: the plan is past due and gives no space.
    await t.paypal.failPayment(id);
    await t.paypal.failPayment(id);
    expect((await current(agent))?.state).toBe('past_due');
    expect(await spaceOf(agent)).toBe(FREE_STORAGE_BYTES);
  });
});

describe('cancel and renew a PayPal plan', () => {
  it('cancels at the end of the paid period by suspending at PayPal, and renews by reactivating', async () => {
    const { agent, user } = await staffAgent(t);
    const id = await subscribeWithPayPal(t, agent, plan);
    const renewsAt = (await current(agent))?.renews_at;
    const cancelled = await agent.post('/api/v1/billing/subscription/cancel');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().subscription).toMatchObject({ state: 'cancelled', valid: true, ends_at: renewsAt });
    expect(t.paypal.store.subscriptions.get(id)?.status).toBe('SUSPENDED');
    expect(await spaceOf(agent)).toBe(300 * GB);
    expect(await typesOf(user.id)).toContain('subscription-cancelled');
    const renewed = await agent.post('/api/v1/billing/subscription/resume');
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json().subscription).toMatchObject({ state: 'active', ends_at: null });
    expect(t.paypal.store.subscriptions.get(id)?.status).toBe('ACTIVE');
  });

  it('ends when the paid period is over: cancelled at PayPal for good, and the space falls back', async () => {
    const { agent } = await staffAgent(t);
    const id = await subscribeWithPayPal(t, agent, plan);
    await agent.post('/api/v1/billing/subscription/cancel');
    await t.modules.db
      .updateTable('subscriptions')
      .set({ ends_at: new Date(Date.now() - 60_000).toISOString() })
      .where('gateway_id', '=', id)
      .execute();
    expect(await current(agent)).toBeNull();
    expect(await spaceOf(agent)).toBe(FREE_STORAGE_BYTES);
    await t.modules.billing.reminders.runOnce();
    expect(t.paypal.store.subscriptions.get(id)?.status).toBe('CANCELLED');
    const row = await t.modules.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('gateway_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('canceled');
    expect(Date.parse(row.ends_at ?? '')).toBeLessThan(Date.now());
  });

  it('refuses to renew a subscription cancelled at PayPal itself, with the reason', async () => {
    const { agent } = await staffAgent(t);
    const id = await subscribeWithPayPal(t, agent, plan);
    const subscriptions = await t.modules.billing.paypal.gateway.subscriptions();
    await subscriptions.cancelSubscription({ id, body: { reason: 'Cancelled in my PayPal account' } });
    const state = await current(agent);
    expect(state).toMatchObject({ state: 'cancelled', valid: true });
    const res = await agent.post('/api/v1/billing/subscription/resume');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(BILLING_MESSAGES.paypalCancelledThere);
  });

  it('refuses a card change, which PayPal keeps to itself', async () => {
    const { agent } = await staffAgent(t);
    await subscribeWithPayPal(t, agent, plan);
    const card = await agent.post('/api/v1/billing/payment-method');
    expect(card.statusCode).toBe(409);
    expect(card.json().message).toBe(BILLING_MESSAGES.paypalPaymentMethod);
  });
});

describe('a bigger plan for a PayPal subscriber', () => {
  it('previews the new price from the next payment, and moves once approved at PayPal', async () => {
    const { agent } = await staffAgent(t);
    const id = await subscribeWithPayPal(t, agent, plan);
    const renewsAt = (await current(agent))?.renews_at;
    const bigger = await createPlan(t, { available_space: 900 * GB, amount: 299 });
    const body = { product_id: bigger.id, price_id: bigger.prices[0]?.id };
    const preview = await agent.post('/api/v1/billing/subscription/change-plan/preview', body);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().preview).toMatchObject({ amount_due: 299, charged: 'next_payment', currency: 'INR' });
    expect(preview.json().preview.renews_at).toBe(renewsAt);

    const change = await agent.post('/api/v1/billing/subscription/change-plan', body);
    expect(change.statusCode, change.body).toBe(200);
    const approve = new URL(change.json().redirect_url);
    expect(`${approve.origin}${approve.pathname}`).toBe(`${t.paypal.url}/checkoutnow`);
    const revision = t.paypal.store.checkouts.get(approve.searchParams.get('ba_token') ?? '');
    expect(revision?.returnUrl).toMatch(/\/billing\/change-plan\/paypal\/done$/);
    // Every plan's PayPal plans live under one catalog product: PayPal revises only within one.
    const plans = t.paypal.store.plans;
    expect(plans.get(revision?.revisePlanId ?? '')?.product_id).toBe(
      plans.get(t.paypal.store.subscriptions.get(id)?.plan_id ?? '')?.product_id,
    );

    // Not approved (yet): the subscription stays on its plan.
    const early = await agent.post('/api/v1/billing/subscription/change-plan/paypal/confirm', { subscription_id: id });
    expect(early.json().subscription.product.id).toBe(plan.id);
    expect(await spaceOf(agent)).toBe(300 * GB);

    const page = await fetch(approve, { method: 'POST', redirect: 'manual' });
    expect(page.status).toBe(303);
    const done = await agent.post('/api/v1/billing/subscription/change-plan/paypal/confirm', { subscription_id: id });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().subscription).toMatchObject({ state: 'active', product: { id: bigger.id } });
    expect(await spaceOf(agent)).toBe(900 * GB);
    const stranger = await (await staffAgent(t)).agent.post('/api/v1/billing/subscription/change-plan/paypal/confirm', {
      subscription_id: id,
    });
    expect(stranger.statusCode).toBe(404);
  });
});

describe('PayPal unreachable', () => {
  it('answers 502 to a checkout and records nothing', async () => {
    const down = await createPayPalBillingApp({ PAYPAL_API_URL: 'http://127.0.0.1:9' });
    try {
      const product = await createPlan(down);
      const { agent, user } = await staffAgent(down);
      const res = await checkout(agent, product);
      expect(res.statusCode).toBe(502);
      expect(
        await down.modules.db.selectFrom('subscriptions').select('id').where('user_id', '=', user.id).execute(),
      ).toEqual([]);
    } finally {
      await down.close();
    }
  });
});
