import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@kosh/contracts';
import {
  createPayPalBillingApp,
  createPlan,
  PAYPAL_WEBHOOK_URL,
  type PayPalBillingTestApp,
  subscribeWithPayPal,
} from '../helpers/billing.ts';
import { del } from '../helpers/accounts.ts';
import { staffAgent } from '../helpers/staff.ts';
import { type SecondApp, startSecondApp } from '../helpers/test-app.ts';

let t: PayPalBillingTestApp;
let second: SecondApp;
let plan: Product;

type Injectable = { inject: SecondApp['app']['inject'] };
const eventRows = (eventId: string) =>
  t.modules.db.selectFrom('billing_events').selectAll().where('event_id', '=', eventId).execute();
const invoiceCount = async (userId: number) =>
  (await t.modules.db.selectFrom('invoices').select('id').where('user_id', '=', userId).execute()).length;
const deliver = (app: Injectable, payload: string, headers: Record<string, string>) =>
  app.inject({ method: 'POST', url: PAYPAL_WEBHOOK_URL, payload, headers });
const stateOf = async (agent: Awaited<ReturnType<typeof staffAgent>>['agent']) =>
  (await agent.get('/api/v1/billing/subscription')).json().subscription?.state ?? null;
const lastEvent = (type: string) => {
  const event = t.paypal.events.findLast((e) => e.type === type);
  if (!event) throw new Error(`no ${type} event`);
  return event;
};

beforeAll(async () => {
  t = await createPayPalBillingApp();
  second = await startSecondApp(t.modules.config);
  plan = await createPlan(t);
});
afterAll(async () => {
  await second.close();
  await t.close();
});

describe('PayPal webhook signatures', () => {
  it('answers 400 to a forged, stale, unsigned or malformed event and keeps nothing', async () => {
    const { agent } = await staffAgent(t);
    const id = await subscribeWithPayPal(t, agent, plan);
    expect(lastEvent('PAYMENT.SALE.COMPLETED').status).toBe(200);
    await t.paypal.renew(id);
    const sale = lastEvent('PAYMENT.SALE.COMPLETED');
    await t.modules.db.deleteFrom('billing_events').where('event_id', '=', sale.id).execute();

    const tampered = sale.payload.replace('"state":"completed"', '"state":"denied"');
    expect(tampered).not.toBe(sale.payload);
    const forged = await deliver(t.app, tampered, sale.headers);
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe('The webhook signature is not valid.');
    const otherSignature = { ...sale.headers, 'paypal-transmission-sig': Buffer.from('forged').toString('base64') };
    expect((await deliver(t.app, sale.payload, otherSignature)).statusCode).toBe(400);
    const stale = t.paypal.headersFor(sale.payload, new Date(Date.now() - 10 * 60_000));
    expect((await deliver(t.app, sale.payload, stale)).statusCode).toBe(400);
    const { 'paypal-transmission-sig': _sig, ...unsigned } = sale.headers;
    expect((await deliver(t.app, sale.payload, unsigned)).statusCode).toBe(400);
    const junk = '{"not":"an event"}';
    expect((await deliver(t.app, junk, t.paypal.headersFor(junk))).statusCode).toBe(400);
    expect(await eventRows(sale.id)).toEqual([]);

    // The same bytes, signed now, are received.
    const fresh = await deliver(t.app, sale.payload, t.paypal.headersFor(sale.payload));
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json()).toEqual({ received: true, duplicate: false });
  });
});

describe('PayPal events delivered again', () => {
  it('handles an event delivered twice once', async () => {
    const { agent, user } = await staffAgent(t);
    const id = await subscribeWithPayPal(t, agent, plan);
    const sale = lastEvent('PAYMENT.SALE.COMPLETED');
    expect(await invoiceCount(user.id)).toBe(1);
    const again = await deliver(t.app, sale.payload, t.paypal.headersFor(sale.payload));
    expect(again.json()).toEqual({ received: true, duplicate: true });
    expect(await eventRows(sale.id)).toHaveLength(1);
    expect(await invoiceCount(user.id)).toBe(1);
    expect(id).toMatch(/^I-/);
  });

  it('handles one event sent to two server processes at the same moment once', async () => {
    const { agent, user } = await staffAgent(t);
    const id = await subscribeWithPayPal(t, agent, plan);
    await t.paypal.renew(id);
    const renewal = lastEvent('PAYMENT.SALE.COMPLETED');
    await t.modules.db.deleteFrom('billing_events').where('event_id', '=', renewal.id).execute();
    await t.modules.db
      .deleteFrom('invoices')
      .where('gateway_id', '=', JSON.parse(renewal.payload).resource.id)
      .execute();
    const headers = t.paypal.headersFor(renewal.payload);
    const answers = await Promise.all([
      deliver(t.app, renewal.payload, headers),
      deliver(second.app, renewal.payload, headers),
      deliver(t.app, renewal.payload, headers),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => a.json().duplicate === false)).toHaveLength(1);
    const rows = await eventRows(renewal.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.processed_at).not.toBeNull();
    expect(await invoiceCount(user.id)).toBe(2);
  });
});

describe('PayPal events out of order and from strangers', () => {
  it('ends in PayPal’s state when an old activation arrives after the cancellation', async () => {
    const { agent } = await staffAgent(t);
    const id = await subscribeWithPayPal(t, agent, plan);
    const activated = lastEvent('BILLING.SUBSCRIPTION.ACTIVATED');
    const subscriptions = await t.modules.billing.paypal.gateway.subscriptions();
    await subscriptions.cancelSubscription({ id, body: { reason: 'Changed my mind' } });
    expect(await stateOf(agent)).toBe('cancelled');
    const late = activated.payload.replace(activated.id, `${activated.id}-LATE`);
    const res = await deliver(t.app, late, t.paypal.headersFor(late));
    expect(res.statusCode).toBe(200);
    expect(await stateOf(agent)).toBe('cancelled');
  });

  it('keeps an event about a subscription of no Kosh user, changes nothing and does not retry it', async () => {
    const client = await t.modules.billing.paypal.gateway.client();
    const product = await client.request<{ id: string }>('POST', '/v1/catalogs/products', {
      name: 'Elsewhere',
      type: 'SERVICE',
    });
    const subscriptions = await t.modules.billing.paypal.gateway.subscriptions();
    const { result: foreignPlan } = await subscriptions.createBillingPlan({
      body: {
        productId: product.id,
        name: 'Elsewhere monthly',
        billingCycles: [
          {
            frequency: { intervalUnit: 'MONTH' as never, intervalCount: 1 },
            tenureType: 'REGULAR' as never,
            sequence: 1,
            totalCycles: 0,
            pricingScheme: { fixedPrice: { value: '5.00', currencyCode: 'USD' } },
          },
        ],
        paymentPreferences: {},
      },
    });
    const { result: foreign } = await subscriptions.createSubscription({
      body: {
        planId: foreignPlan.id ?? '',
        customId: '999999',
        applicationContext: { returnUrl: 'http://127.0.0.1/done', cancelUrl: 'http://127.0.0.1/back' },
      },
    });
    const before = await t.modules.db.selectFrom('subscriptions').select('id').execute();
    await t.paypal.approve(foreign.id ?? '');
    const events = t.paypal.events.filter((e) => e.payload.includes(foreign.id ?? '-'));
    expect(events.length).toBeGreaterThan(0);
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

describe('PayPal plans', () => {
  it('"Sync plans" makes the catalog product and a PayPal plan per price, then finds nothing to do', async () => {
    const fresh = await createPlan(t);
    const res = await t.admin.post('/api/v1/admin/plans/sync');
    expect(res.statusCode, res.body).toBe(200);
    const row = await t.modules.db
      .selectFrom('prices')
      .select(['paypal_id', 'stripe_id'])
      .where('id', '=', fresh.prices[0]?.id ?? 0)
      .executeTakeFirstOrThrow();
    expect(row.paypal_id).toMatch(/^P-/);
    expect(row.stripe_id).toMatch(/^price_/);
    expect(t.paypal.store.plans.get(row.paypal_id ?? '')?.status).toBe('ACTIVE');
    const again = await t.admin.post('/api/v1/admin/plans/sync');
    expect(again.json()).toEqual({ products_created: 0, products_updated: 0, prices_created: 0, prices_archived: 0 });
  });

  it('deactivates the PayPal plans of a deleted plan', async () => {
    const doomed = await createPlan(t);
    await t.admin.post('/api/v1/admin/plans/sync');
    const { paypal_id } = await t.modules.db
      .selectFrom('prices')
      .select('paypal_id')
      .where('id', '=', doomed.prices[0]?.id ?? 0)
      .executeTakeFirstOrThrow();
    const res = await del(t.admin, `/api/v1/billing/products/${doomed.id}`);
    expect(res.statusCode, res.body).toBe(204);
    expect(t.paypal.store.plans.get(paypal_id ?? '')?.status).toBe('INACTIVE');
  });
});

describe('a deleted account', () => {
  it('cancels its PayPal subscription at PayPal', async () => {
    const { agent, user } = await staffAgent(t);
    const id = await subscribeWithPayPal(t, agent, plan);
    const res = await del(t.admin, `/api/v1/admin/users/${user.id}`);
    expect(res.statusCode, res.body).toBe(204);
    expect(t.paypal.store.subscriptions.get(id)?.status).toBe('CANCELLED');
  });
});
