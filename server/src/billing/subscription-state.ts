import type { SubscriptionState } from '@kosh/contracts';

export type SubscriptionFacts = {
  status: string;
  renews_at: string | null;
  ends_at: string | null;
  /** A plan staff granted (none) runs until its end date without being cancelled. */
  gateway?: string;
};

/**
 * Where a subscription stands at `now`, from the gateway's status and the dates: an end date in
 * the future is the grace period of a cancelled plan (a granted plan's, while active, is just its
 * term), one in the past (or a gateway that says canceled) is the end. Statuses other than the
 * ones named read as incomplete (not yet paid). The same rule in SQL: admin/valid-subscriptions.ts
 * (valid or not) and admin/subscriptions/admin-subscriptions.repository.ts (each state); keep them in step.
 */
export function subscriptionState(s: SubscriptionFacts, now: Date): SubscriptionState {
  if (s.ends_at !== null && Date.parse(s.ends_at) <= now.getTime()) return 'ended';
  if (s.status === 'canceled' || s.status === 'incomplete_expired') return s.ends_at === null ? 'ended' : 'cancelled';
  if (s.ends_at !== null) return s.gateway === 'none' && s.status === 'active' ? 'active' : 'cancelled';
  if (s.status === 'active' || s.status === 'trialing') return s.status;
  if (s.status === 'past_due' || s.status === 'unpaid') return 'past_due';
  return 'incomplete';
}

/** Valid while active, trialing, or cancelled and still in its paid period: the plan's space and features apply. */
export const isValidState = (state: SubscriptionState): boolean =>
  state === 'active' || state === 'trialing' || state === 'cancelled';
