import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminReport, Product } from '@kosh/contracts';
import { type BillingTestApp, createBillingApp, createPlan, subscribe } from '../helpers/billing.ts';
import { createUser } from '../helpers/factories.ts';
import { staffAgent } from '../helpers/staff.ts';
import { hoursFromNow, insertSubscription } from '../helpers/subscription-rows.ts';

// The admin report's billing figures: subscriptions valid now and the revenue of paid invoices.

const REPORT = '/api/v1/admin/report';
const MARCH = '?range=custom&from=2015-03-01&to=2015-03-31';
let t: BillingTestApp;
let plan: Product;

async function invoice(userId: number, row: { amount: number; currency: string; paidAt: string | null }) {
  await t.modules.db
    .insertInto('invoices')
    .values({
      user_id: userId,
      subscription_id: null,
      product_id: null,
      gateway: 'stripe',
      gateway_id: `in_${randomBytes(6).toString('hex')}`,
      amount: row.amount,
      currency: row.currency,
      status: row.paidAt ? 'paid' : 'failed',
      period_start: null,
      period_end: null,
      paid_at: row.paidAt,
      created_at: row.paidAt ?? '2015-03-12T00:00:00.000Z',
    })
    .execute();
}

const report = async (query = ''): Promise<AdminReport> => {
  const res = await t.admin.get(`${REPORT}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().report;
};

beforeAll(async () => {
  t = await createBillingApp();
  plan = await createPlan(t, { amount: 149 });
  const a = await staffAgent(t);
  const b = await staffAgent(t);
  await subscribe(t, a.agent, plan);
  await subscribe(t, b.agent, plan);
  // Cancelled for the end of its paid period: still valid until then.
  expect((await a.agent.post('/api/v1/billing/subscription/cancel', {})).statusCode).toBe(200);
  const lapsed = await createUser(t.modules);
  await insertSubscription(t, { userId: lapsed.id, productId: plan.id, status: 'canceled', endsAt: hoursFromNow(-1) });
  await insertSubscription(t, { userId: lapsed.id, productId: plan.id, status: 'past_due' });
  const payer = await createUser(t.modules);
  await invoice(payer.id, { amount: 1000, currency: 'INR', paidAt: '2015-03-01T00:00:00.000Z' });
  await invoice(payer.id, { amount: 500, currency: 'INR', paidAt: '2015-03-31T23:59:59.999Z' });
  await invoice(payer.id, { amount: 700, currency: 'USD', paidAt: '2015-03-10T08:00:00.000Z' });
  await invoice(payer.id, { amount: 300, currency: 'INR', paidAt: null });
  await invoice(payer.id, { amount: 200, currency: 'INR', paidAt: '2015-02-10T00:00:00.000Z' });
  await invoice(payer.id, { amount: 900, currency: 'INR', paidAt: '2015-04-01T00:00:00.000Z' });
  t.modules.report.cache.clear();
});
afterAll(() => t.close());

describe('GET admin/report with billing on', () => {
  it('counts the subscriptions valid now and sums paid invoices of each period per currency', async () => {
    const r = await report(MARCH);
    expect(r.billing).toEqual({
      active_subscriptions: 2,
      revenue: [
        { currency: 'INR', value: 1500, previous: 200 },
        { currency: 'USD', value: 700, previous: 0 },
      ],
    });
  });

  it('counts the checkouts paid today in a preset', async () => {
    const r = await report('?range=today');
    // Two checkouts of ₹149 a month, in paise.
    expect(r.billing?.revenue).toEqual([{ currency: 'INR', value: 29800, previous: 0 }]);
  });

  it('cuts periods at the midnights of the time zone', async () => {
    // In Kolkata (UTC+5:30) the last invoice of March UTC falls on 1 April.
    const r = await report(`${MARCH}&timezone=Asia/Kolkata`);
    expect(r.billing?.revenue).toEqual([
      { currency: 'INR', value: 1000, previous: 200 },
      { currency: 'USD', value: 700, previous: 0 },
    ]);
  });

  it('leaves billing out as soon as billing is switched off, and back when on', async () => {
    expect((await report(MARCH)).billing).toBeDefined();
    await t.modules.settings.service.set('billing.enable', false);
    try {
      expect('billing' in (await report(MARCH))).toBe(false);
    } finally {
      await t.modules.settings.service.set('billing.enable', true);
    }
    expect((await report(MARCH)).billing?.active_subscriptions).toBe(2);
  });
});
