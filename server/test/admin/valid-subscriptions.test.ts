import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validSubscriptionAt } from '../../src/admin/valid-subscriptions.ts';
import { isValidState, subscriptionState } from '../../src/billing/subscription-state.ts';
import { createUser } from '../helpers/factories.ts';
import { hoursFromNow, insertPlan, insertSubscription } from '../helpers/subscription-rows.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// The admin lists count subscribers in SQL; the rule must be billing's own, on both dialects.

const STATUSES = ['active', 'trialing', 'past_due', 'unpaid', 'canceled', 'incomplete', 'incomplete_expired'];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('validSubscriptionAt', () => {
  it('holds for exactly the subscriptions subscriptionState calls valid', async () => {
    const user = await createUser(t.modules);
    const productId = await insertPlan(t, { name: 'Mirror plan', space: 1 });
    for (const status of STATUSES)
      for (const endsAt of [null, hoursFromNow(-1), hoursFromNow(1)])
        await insertSubscription(t, { userId: user.id, productId, status, endsAt });
    const now = new Date();
    const rows = await t.modules.db.selectFrom('subscriptions').selectAll().where('user_id', '=', user.id).execute();
    const valid = await t.modules.db
      .selectFrom('subscriptions')
      .select('id')
      .where('user_id', '=', user.id)
      .where((eb) => validSubscriptionAt(eb, now.toISOString()))
      .execute();
    const expected = rows.filter((r) => isValidState(subscriptionState(r, now))).map((r) => r.id);
    expect(valid.map((r) => r.id).sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
    // Active and trialing without an end, and every status with an end still ahead.
    expect(expected).toHaveLength(2 + STATUSES.length);
  });
});
