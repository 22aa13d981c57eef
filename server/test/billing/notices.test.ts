import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@kosh/contracts';
import { type BillingTestApp, createBillingApp, createPlan, subscribe } from '../helpers/billing.ts';
import { staffAgent } from '../helpers/staff.ts';
import { type SecondApp, startSecondApp } from '../helpers/test-app.ts';

const HOUR = 3_600_000;
let t: BillingTestApp;
let second: SecondApp;
let plan: Product;

const typesOf = async (userId: number) =>
  (
    await t.modules.db.selectFrom('notifications').select('type').where('user_id', '=', userId).orderBy('id').execute()
  ).map((r) => r.type);
const endAt = (userId: number, at: Date) =>
  t.modules.db.updateTable('subscriptions').set({ ends_at: at.toISOString() }).where('user_id', '=', userId).execute();

/** A subscriber whose plan is cancelled at the end of its period. */
async function cancelledSubscriber() {
  const { agent, user } = await staffAgent(t);
  await subscribe(t, agent, plan);
  expect((await agent.post('/api/v1/billing/subscription/cancel')).statusCode).toBe(200);
  return { agent, user };
}

beforeAll(async () => {
  t = await createBillingApp();
  second = await startSecondApp(t.modules.config);
  plan = await createPlan(t);
});
afterAll(async () => {
  await second.close();
  await t.close();
});

describe('a plan winding down', () => {
  it('announces the cancellation once, with its end date', async () => {
    const { agent, user } = await cancelledSubscriber();
    // Stripe's own update event repeats the cancellation: still one notice.
    expect(await typesOf(user.id)).toEqual(['payment-received', 'subscription-cancelled']);
    await agent.post('/api/v1/billing/subscription/resume');
    await agent.post('/api/v1/billing/subscription/cancel');
    expect((await typesOf(user.id)).filter((type) => type === 'subscription-cancelled')).toHaveLength(2);
  });

  it('reminds three days before the end, once, even with two processes running the job at once', async () => {
    const { user } = await cancelledSubscriber();
    await t.modules.billing.reminders.runOnce();
    expect(await typesOf(user.id)).not.toContain('subscription-ending');
    await endAt(user.id, new Date(Date.now() + 48 * HOUR));
    await Promise.all([
      t.modules.billing.reminders.runOnce(),
      second.modules.billing.reminders.runOnce(),
      t.modules.billing.notices.remind(),
    ]);
    await t.modules.billing.reminders.runOnce();
    expect((await typesOf(user.id)).filter((type) => type === 'subscription-ending')).toHaveLength(1);
  });

  it('says when the plan has ended and what happens to the files, once', async () => {
    const { agent, user } = await cancelledSubscriber();
    await endAt(user.id, new Date(Date.now() - HOUR));
    await Promise.all([t.modules.billing.notices.remind(), second.modules.billing.notices.remind()]);
    await t.modules.billing.reminders.runOnce();
    const ended = await t.modules.db
      .selectFrom('notifications')
      .select('data')
      .where('user_id', '=', user.id)
      .where('type', '=', 'subscription-ended')
      .execute();
    expect(ended).toHaveLength(1);
    expect(ended[0]?.data).toContain('Your files are kept');
    expect((await agent.get('/api/v1/billing/subscription')).json().subscription).toBeNull();
  });

  it('does not announce plans that ended long ago', async () => {
    const { user } = await cancelledSubscriber();
    await endAt(user.id, new Date(Date.now() - 30 * 24 * HOUR));
    await t.modules.billing.notices.remind();
    expect(await typesOf(user.id)).not.toContain('subscription-ended');
  });
});
