import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BootstrapData, Product } from '@kosh/contracts';
import { newAgent, put } from '../helpers/accounts.ts';
import { type BillingTestApp, createBillingApp, createPlan, subscribe } from '../helpers/billing.ts';
import { staffAgent } from '../helpers/staff.ts';
import { hoursFromNow, insertSubscription } from '../helpers/subscription-rows.ts';
import type { Agent } from '../helpers/test-app.ts';

// A valid subscription switches ads off (spec part 2, 6).

const SNIPPET = '<p>Ad text</p>';
let t: BillingTestApp;
let plan: Product;

beforeAll(async () => {
  t = await createBillingApp();
  plan = await createPlan(t);
  const res = await put(t.admin, '/api/v1/settings', {
    settings: { 'ads.disable': false, 'ads.slots': { landing_top: '', drive: SNIPPET, link_page: '' } },
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(() => t.close());

const slotsOf = async (agent: Agent) =>
  ((await agent.get('/api/v1/bootstrap-data')).json() as BootstrapData).ads?.slots;

describe('ads and subscriptions', () => {
  it('shows no ad to a subscriber, and ads to a user without a valid subscription', async () => {
    const subscriber = await staffAgent(t);
    const other = await staffAgent(t);
    expect((await subscriber.agent.get('/ads/drive')).statusCode).toBe(200);
    await subscribe(t, subscriber.agent, plan);
    expect((await subscriber.agent.get('/ads/drive')).statusCode).toBe(404);
    expect(await slotsOf(subscriber.agent)).toEqual([]);
    const res = await other.agent.get('/ads/drive');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(SNIPPET);
    expect(await slotsOf(other.agent)).toEqual(['drive']);
    expect(await slotsOf(newAgent(t))).toEqual(['drive']);
  });

  it('shows no ad during the paid period of a cancelled plan, and ads again once it ended', async () => {
    const grace = await staffAgent(t);
    const ended = await staffAgent(t);
    await insertSubscription(t, {
      userId: grace.user.id,
      productId: plan.id,
      status: 'canceled',
      endsAt: hoursFromNow(2),
    });
    await insertSubscription(t, {
      userId: ended.user.id,
      productId: plan.id,
      status: 'canceled',
      endsAt: hoursFromNow(-2),
    });
    expect((await grace.agent.get('/ads/drive')).statusCode).toBe(404);
    expect((await ended.agent.get('/ads/drive')).statusCode).toBe(200);
  });
});
