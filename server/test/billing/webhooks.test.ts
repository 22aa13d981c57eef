import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@kosh/contracts';
import {
  type BillingTestApp,
  createBillingApp,
  createPlan,
  STRIPE_SECRET,
  subscribe,
  WEBHOOK_URL,
} from '../helpers/billing.ts';
import { staffAgent } from '../helpers/staff.ts';
import { type SecondApp, startSecondApp } from '../helpers/test-app.ts';

let t: BillingTestApp;
let second: SecondApp;
let plan: Product;
let stripe: Stripe;

const eventRows = (eventId: string) =>
  t.modules.db.selectFrom('billing_events').selectAll().where('event_id', '=', eventId).execute();
const invoiceCount = async (userId: number) =>
  (await t.modules.db.selectFrom('invoices').select('id').where('user_id', '=', userId).execute()).length;
const deliver = (app: { inject: SecondApp['app']['inject'] }, payload: string, signature: string) =>
  app.inject({
    method: 'POST',
    url: WEBHOOK_URL,
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
const stateOf = async (agent: Awaited<ReturnType<typeof staffAgent>>['agent']) =>
  (await agent.get('/api/v1/billing/subscription')).json().subscription?.state ?? null;

beforeAll(async () => {
  t = await createBillingApp();
  second = await startSecondApp(t.modules.config);
  plan = await createPlan(t);
  const url = new URL(t.stripe.url);
  stripe = new Stripe(STRIPE_SECRET, { host: url.hostname, port: Number(url.port), protocol: 'http' });
});
afterAll(async () => {
  await second.close();
  await t.close();
});

describe('signatures', () => {
  it('answers 400 to a forged, stale, unsigned or malformed event and keeps nothing', async () => {
    const { agent, user } = await staffAgent(t);
    await subscribe(t, agent, plan);
    const paid = t.stripe.events.findLast((e) => e.type === 'invoice.paid');
    if (!paid) throw new Error('no invoice.paid event');
    const forged = Stripe.webhooks.generateTestHeaderString({ payload: paid.payload, secret: 'whsec_someone_else' });
    expect((await deliver(t.app, paid.payload, forged)).statusCode).toBe(400);
    const stale = t.stripe.sign(paid.payload, Math.floor(Date.now() / 1000) - 600);
    expect((await deliver(t.app, paid.payload, stale)).statusCode).toBe(400);
    const tampered = paid.payload.replace('"paid"', '"void"');
    expect((await deliver(t.app, tampered, paid.signature)).statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: WEBHOOK_URL,
      payload: paid.payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
    const notJson = t.stripe.sign('not json');
    expect((await deliver(t.app, 'not json', notJson)).statusCode).toBe(400);
    expect(await invoiceCount(user.id)).toBe(1);
    expect(await eventRows(paid.id)).toHaveLength(1);
  });
});

describe('duplicates', () => {
  it('handles an event delivered again once', async () => {
    const { agent, user } = await staffAgent(t);
    await subscribe(t, agent, plan);
    const paid = t.stripe.events.findLast((e) => e.type === 'invoice.paid');
    if (!paid) throw new Error('no invoice.paid event');
    const again = await deliver(t.app, paid.payload, t.stripe.sign(paid.payload));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ received: true, duplicate: true });
    expect(await eventRows(paid.id)).toHaveLength(1);
    expect(await invoiceCount(user.id)).toBe(1);
  });

  it('handles one event sent to two server processes at the same moment once', async () => {
    const { agent, user } = await staffAgent(t);
    const subscriptionId = await subscribe(t, agent, plan);
    // A renewal's events, taken back from the app and delivered to both processes at once.
    const before = t.stripe.events.length;
    await t.stripe.renew(subscriptionId);
    const renewal = t.stripe.events.slice(before).find((e) => e.type === 'invoice.paid');
    if (!renewal) throw new Error('no renewal invoice');
    await t.modules.db.deleteFrom('billing_events').where('event_id', '=', renewal.id).execute();
    await t.modules.db.deleteFrom('invoices').where('user_id', '=', user.id).where('status', '=', 'paid').execute();
    const signature = t.stripe.sign(renewal.payload);
    const answers = await Promise.all([
      deliver(t.app, renewal.payload, signature),
      deliver(second.app, renewal.payload, signature),
      deliver(t.app, renewal.payload, signature),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => a.json().duplicate === false)).toHaveLength(1);
    const rows = await eventRows(renewal.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.processed_at).not.toBeNull();
    expect(rows[0]?.attempts).toBe(1);
    expect(await invoiceCount(user.id)).toBe(1);
  });
});

describe('order and unknown senders', () => {
  it('ends in Stripe’s state when events arrive out of order', async () => {
    const { agent } = await staffAgent(t);
    const subscriptionId = await subscribe(t, agent, plan);
    const created = t.stripe.events.findLast((e) => e.type === 'customer.subscription.created');
    await stripe.subscriptions.cancel(subscriptionId);
    expect(await stateOf(agent)).toBeNull();
    // The old "created" event (status active) arrives late, under a new id as a retry would not have.
    if (!created) throw new Error('no created event');
    const late = created.payload.replace(created.id, `${created.id}_late`);
    const res = await deliver(t.app, late, t.stripe.sign(late));
    expect(res.statusCode).toBe(200);
    expect(await stateOf(agent)).toBeNull();
    const row = await t.modules.db
      .selectFrom('subscriptions')
      .select(['status', 'ends_at'])
      .where('gateway_id', '=', subscriptionId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('canceled');
  });

  it('keeps an event about a customer Kosh does not know, changes nothing and does not retry it', async () => {
    const customer = await stripe.customers.create({ email: 'stranger@example.test' });
    const price = await stripe.prices.create({
      product: (await stripe.products.create({ name: 'Elsewhere' })).id,
      unit_amount: 500,
      currency: 'inr',
      recurring: { interval: 'month', interval_count: 1 },
    });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: price.id, quantity: 1 }],
      success_url: 'http://127.0.0.1/done',
      cancel_url: 'http://127.0.0.1/back',
    });
    const before = await t.modules.db.selectFrom('subscriptions').select('id').execute();
    await t.stripe.completeCheckout(session.id);
    const events = t.stripe.events.filter((e) => e.payload.includes(customer.id));
    expect(events.map((e) => e.status)).toEqual(events.map(() => 200));
    expect(await t.modules.db.selectFrom('subscriptions').select('id').execute()).toEqual(before);
    const rows = await t.modules.db
      .selectFrom('billing_events')
      .selectAll()
      .where(
        'event_id',
        'in',
        events.map((e) => e.id),
      )
      .execute();
    expect(rows.every((r) => r.processed_at !== null)).toBe(true);
    expect(rows.some((r) => r.last_error?.includes('is not a Kosh user'))).toBe(true);
  });
});

describe('retries', () => {
  it('keeps an event whose handling failed and handles it on a later run', async () => {
    const { agent } = await staffAgent(t);
    const subscriptionId = await subscribe(t, agent, plan);
    // Stripe cannot be reached while the cancellation's event is handled.
    await t.modules.settings.service.set('billing.stripe.secret_key', 'sk_test_wrong');
    const env = t.modules.config.settingOverrides;
    const saved = env['billing.stripe.secret_key'];
    delete env['billing.stripe.secret_key'];
    try {
      await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
      const event = t.stripe.events.findLast((e) => e.type === 'customer.subscription.updated');
      const [row] = await eventRows(event?.id ?? '');
      expect(row?.processed_at).toBeNull();
      expect(row?.attempts).toBe(1);
      expect(await stateOf(agent)).toBe('active');
      // Due again: the job handles it once the key is right.
      await t.modules.db
        .updateTable('billing_events')
        .set({ available_at: new Date(0).toISOString() })
        .where('id', '=', row?.id ?? 0)
        .execute();
      env['billing.stripe.secret_key'] = saved;
      await t.modules.billing.retries.runOnce();
      const [after] = await eventRows(event?.id ?? '');
      expect(after?.processed_at).not.toBeNull();
      expect(await stateOf(agent)).toBe('cancelled');
    } finally {
      env['billing.stripe.secret_key'] = saved;
    }
  });
});
