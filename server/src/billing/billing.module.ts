import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { presentUser } from '../users/user.presenter.ts';
import type { UsersModule } from '../users/users.module.ts';
import { PlansRepository } from './plans.repository.ts';
import { PlansService, type SubscriptionsOf } from './plans.service.ts';

/** The commercial side (spec part 2): plans and their prices. */
export function createBillingModule(deps: { db: Database; users: UsersModule; clock?: Clock }) {
  const { users } = deps;
  const plans = new PlansRepository(deps.db);
  // A user's subscriptions as their record presents them (user.subscriptions): the listing offers
  // a subscriber only bigger plans than theirs.
  const subscriptionsOf: SubscriptionsOf = async (userId) => {
    const row = await users.repos.users.getById(userId);
    return row ? presentUser(row, [], []).subscriptions : [];
  };
  return {
    repos: { plans },
    plans: new PlansService({ plans, subscriptionsOf, clock: deps.clock }),
  };
}

export type BillingModule = ReturnType<typeof createBillingModule>;
