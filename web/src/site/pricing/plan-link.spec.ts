import { describe, expect, it } from 'vitest';
import { ONBOARDING_STORAGE_KEY } from '../../shell/redirects.ts';
import { applyPlanSelection, clearPlanSelection, planCardAction } from './plan-link.ts';

const visitor = { isLoggedIn: false, isSubscribed: false };
const member = { isLoggedIn: true, isSubscribed: false };
const subscriber = { isLoggedIn: true, isSubscribed: true };
const paid = { id: 3, free: false };
const free = { id: 1, free: true };

describe('planCardAction', () => {
  it('sends a visitor to register from pricing, holding the chosen plan and price', () => {
    expect(planCardAction(paid, 7, visitor)).toEqual({
      to: '/register?redirectFrom=pricing',
      label: 'Choose Plan',
      selection: { productId: 3, priceId: 7 },
    });
  });

  it('sends a subscriber to change plan', () => {
    expect(planCardAction(paid, 7, subscriber)).toEqual({ to: '/billing/change-plan', label: 'Choose Plan' });
    expect(planCardAction(paid, 7, { ...subscriber, isChangingPlan: true })).toEqual({
      to: `/billing/change-plan/${paid.id}/7/confirm`,
      label: 'Choose Plan',
    });
  });

  it('sends a signed-in user without a subscription to the checkout of that plan and price', () => {
    expect(planCardAction(paid, 7, member)).toEqual({ to: '/checkout/3/7', label: 'Choose Plan' });
  });

  it('sends a visitor to register from the free plan, dropping an earlier paid choice', () => {
    expect(planCardAction(free, undefined, visitor)).toEqual({
      to: '/register',
      label: 'Get started',
      selection: null,
    });
  });

  it('sends a signed-in user to the drive from the free plan', () => {
    expect(planCardAction(free, undefined, member)).toEqual({ to: '/drive', label: 'Get started' });
    expect(planCardAction(free, undefined, subscriber)).toEqual({ to: '/drive', label: 'Get started' });
  });

  it('offers no link for a paid plan without a price', () => {
    expect(planCardAction(paid, undefined, visitor)).toBeUndefined();
    expect(planCardAction(paid, undefined, member)).toBeUndefined();
  });
});

describe('applyPlanSelection', () => {
  const memoryStorage = () => {
    const items = new Map<string, string>();
    return {
      items,
      setItem: (k: string, v: string) => void items.set(k, v),
      removeItem: (k: string) => void items.delete(k),
    };
  };

  it('holds a selection as the JSON shell/redirects.ts reads', () => {
    const storage = memoryStorage();
    applyPlanSelection(storage, { productId: 3, priceId: 7 });
    expect(JSON.parse(storage.items.get(ONBOARDING_STORAGE_KEY)!)).toEqual({ productId: 3, priceId: 7 });
  });

  it('drops the selection on null and leaves it alone on undefined', () => {
    const storage = memoryStorage();
    applyPlanSelection(storage, { productId: 3, priceId: 7 });
    applyPlanSelection(storage, undefined);
    expect(storage.items.has(ONBOARDING_STORAGE_KEY)).toBe(true);
    clearPlanSelection(storage);
    expect(storage.items.has(ONBOARDING_STORAGE_KEY)).toBe(false);
  });

  it('survives a storage that refuses writes', () => {
    const refusing = {
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {},
    };
    expect(() => applyPlanSelection(refusing, { productId: 1, priceId: 2 })).not.toThrow();
  });
});
