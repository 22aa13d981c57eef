import { describe, expect, it } from 'vitest';
import { isValidState, subscriptionState } from './subscription-state.ts';

const now = new Date('2026-06-01T00:00:00Z');
const later = '2026-07-01T00:00:00.000Z';
const earlier = '2026-05-01T00:00:00.000Z';

describe('subscriptionState', () => {
  it('reads active, trialing and past due from the gateway while no end is set', () => {
    expect(subscriptionState({ status: 'active', renews_at: later, ends_at: null }, now)).toBe('active');
    expect(subscriptionState({ status: 'trialing', renews_at: later, ends_at: null }, now)).toBe('trialing');
    expect(subscriptionState({ status: 'past_due', renews_at: later, ends_at: null }, now)).toBe('past_due');
    expect(subscriptionState({ status: 'unpaid', renews_at: null, ends_at: null }, now)).toBe('past_due');
    expect(subscriptionState({ status: 'incomplete', renews_at: null, ends_at: null }, now)).toBe('incomplete');
  });

  it('is cancelled (in grace) until the end date, then ended', () => {
    expect(subscriptionState({ status: 'active', renews_at: null, ends_at: later }, now)).toBe('cancelled');
    expect(subscriptionState({ status: 'active', renews_at: null, ends_at: earlier }, now)).toBe('ended');
    expect(subscriptionState({ status: 'canceled', renews_at: null, ends_at: earlier }, now)).toBe('ended');
    expect(subscriptionState({ status: 'canceled', renews_at: null, ends_at: null }, now)).toBe('ended');
  });

  it('reads a granted plan as active until its end, cancelled once staff cancel it', () => {
    expect(subscriptionState({ status: 'active', renews_at: null, ends_at: later, gateway: 'none' }, now)).toBe(
      'active',
    );
    expect(subscriptionState({ status: 'canceled', renews_at: null, ends_at: later, gateway: 'none' }, now)).toBe(
      'cancelled',
    );
    expect(subscriptionState({ status: 'active', renews_at: null, ends_at: earlier, gateway: 'none' }, now)).toBe(
      'ended',
    );
  });

  it('counts active, trialing and grace as valid, nothing else', () => {
    expect(['active', 'trialing', 'cancelled'].every((s) => isValidState(s as never))).toBe(true);
    expect(['past_due', 'incomplete', 'ended'].some((s) => isValidState(s as never))).toBe(false);
  });
});
