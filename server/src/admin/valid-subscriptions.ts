import type { ExpressionBuilder } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * A subscription valid at `at` (ISO, compared as ends_at is stored), in SQL for lists of many users:
 * the rule of subscriptionState and isValidState in billing/subscription-state.ts, which it mirrors
 * exactly and must follow. An end date ahead is a paid period still running (cancelled in its grace,
 * whatever the gateway's status); without one, the status must be active or trialing.
 */
export const validSubscriptionAt = (eb: ExpressionBuilder<DB, 'subscriptions'>, at: string) =>
  eb.or([
    eb('subscriptions.ends_at', '>', at),
    eb.and([eb('subscriptions.ends_at', 'is', null), eb('subscriptions.status', 'in', ['active', 'trialing'])]),
  ]);
